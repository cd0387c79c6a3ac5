import { describe, expect, it } from 'vitest';
import { buttonState, fieldHidden, holdsAny } from '../../runtime/render/permissions.js';
import { customerModel } from './render-fixture.js';

const sys = (action: string, type = '1', status = '1') => ({ action, type, status });
const held = (action: string, type = '1') => ({ action, type });

describe('button permissions (spec 000 section 6)', () => {
  const perms = customerModel().permissions;

  it('takes the codes from the declaration', () => {
    expect([perms.add, perms.edit, perms.delete, perms.deleteBatch]).toEqual([
      'customer:add',
      'customer:edit',
      'customer:delete',
      'customer:delete',
    ]);
  });

  it('shows a button the user holds', () => {
    expect(buttonState('customer:add', [held('customer:add')], [sys('customer:add')])).toBe('show');
  });

  it('hides a registered, active button the user lacks', () => {
    expect(buttonState('customer:add', [], [sys('customer:add')])).toBe('hide');
  });

  it('disables instead of hiding for a type-2 rule', () => {
    expect(buttonState('customer:add', [], [sys('customer:add', '2')])).toBe('disable');
  });

  it('keeps a button nobody registered, or whose rule is switched off', () => {
    expect(buttonState('customer:add', [], [])).toBe('show');
    expect(buttonState('customer:add', [], [sys('customer:add', '1', '0')])).toBe('show');
    expect(buttonState(null, [], [sys('customer:add')])).toBe('show');
  });
});

describe('field permissions (type 1)', () => {
  it('hides a column with an active type-1 rule the user lacks', () => {
    expect(fieldHidden('customer:phone', [], [sys('customer:phone')])).toBe(true);
  });

  it('keeps it for a holder, an inactive rule, another type or no rule', () => {
    expect(fieldHidden('customer:phone', [held('customer:phone')], [sys('customer:phone')])).toBe(false);
    expect(fieldHidden('customer:phone', [], [sys('customer:phone', '1', '0')])).toBe(false);
    expect(fieldHidden('customer:phone', [], [sys('customer:phone', '2')])).toBe(false);
    expect(fieldHidden(undefined, [], [sys('customer:phone')])).toBe(false);
  });
});

describe('the has helper', () => {
  it('answers true when nothing is asked and false when the user holds nothing', () => {
    expect(holdsAny(undefined, [])).toBe(true);
    expect(holdsAny([], ['a'])).toBe(true);
    expect(holdsAny('a', [])).toBe(false);
  });

  it('answers whether any asked code is held', () => {
    expect(holdsAny('a,b', ['b'])).toBe(true);
    expect(holdsAny(['a'], ['b'])).toBe(false);
  });
});
