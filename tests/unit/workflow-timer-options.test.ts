/**
 * The modeler's 超时处理 spellings (docs/modules/workflow.md, "Slice 4") are the ones the server
 * reads: what the panel writes deploys with the timer the job fires, and bad values are refused
 * per element in Chinese.
 */
import { describe, expect, it } from 'vitest';
import { readProcess } from '../../server/workflow/bpmn-model';
import { parseTimer, timerAttributes, type TimerSetting } from '../../screens/workflow/timer-options';

const xml = (attrs: string) => `<?xml version="1.0"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zh="http://zhihui.cn/schema/bpmn"
  targetNamespace="t">
  <bpmn:process id="p" name="定时测试" isExecutable="true">
    <bpmn:startEvent id="s" /><bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="t" />
    <bpmn:userTask id="t" name="经理审批" zh:assignee="deptManager" ${attrs} />
    <bpmn:sequenceFlow id="f2" sourceRef="t" targetRef="e" /><bpmn:endEvent id="e" />
  </bpmn:process>
</bpmn:definitions>`;

const written = (s: TimerSetting) =>
  Object.entries(timerAttributes(s))
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');

describe('task timers', () => {
  it('what the panel writes is the timer the server reads', () => {
    const cases: [TimerSetting, object][] = [
      [
        { action: 'remind', amount: 30, unit: 'M', target: '' },
        { action: 'remind', seconds: 1800, text: '30分钟' },
      ],
      [
        { action: 'approve', amount: 2, unit: 'D', target: '' },
        { action: 'approve', seconds: 172_800, text: '2天' },
      ],
      [
        { action: 'escalate', amount: 4, unit: 'H', target: 'user:zhaolei' },
        { action: 'escalate', seconds: 14_400, target: 'user:zhaolei', text: '4小时' },
      ],
      [
        { action: 'escalate', amount: 1, unit: 'D', target: '' },
        { action: 'escalate', seconds: 86_400, target: 'deptManager', text: '1天' },
      ],
    ];
    for (const [setting, timer] of cases) {
      const { model, problems } = readProcess(xml(written(setting)));
      expect(problems).toEqual([]);
      expect(model.elements.t!.timer).toEqual(timer);
    }
    expect(parseTimer('PT4H', 'escalate', 'user:zhaolei')).toEqual({
      action: 'escalate',
      amount: 4,
      unit: 'H',
      target: 'user:zhaolei',
    });
    expect(parseTimer('P1DT2H', 'remind')).toMatchObject({ amount: 26, unit: 'H' });
    expect(timerAttributes({ action: '', amount: 1, unit: 'D', target: '' })).toEqual({
      'zh:timeout': undefined,
      'zh:timeoutAction': undefined,
      'zh:escalateTo': undefined,
    });
  });

  it('refuses a bad duration, action or target per element', () => {
    const problems = (attrs: string) => readProcess(xml(attrs)).problems;
    expect(problems('zh:timeout="PT0M" zh:timeoutAction="remind"')).toEqual([
      '节点「经理审批」(t)：超时时间无效（PT0M），应为1分钟到366天，如PT2H',
    ]);
    expect(problems('zh:timeout="P400D" zh:timeoutAction="remind"')[0]).toContain('超时时间无效（P400D）');
    expect(problems('zh:timeoutAction="remind"')[0]).toContain('超时时间无效（未填写）');
    expect(problems('zh:timeout="PT1H"')[0]).toContain('超时处理方式无效（未选择）');
    expect(problems('zh:timeout="PT1H" zh:timeoutAction="escalate" zh:escalateTo="role:x"')[0]).toContain(
      '超时升级须指定升级给谁（role:x）',
    );
  });
});
