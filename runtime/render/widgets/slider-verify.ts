/** The drag-to-verify slider as a pure state machine (spec: idle, dragging, success; short resets). */

export const SliderText = { idle: '请按住滑块拖动', success: '验证通过' } as const;

export type SliderState =
  | { phase: 'idle'; offset: 0 }
  | { phase: 'dragging'; offset: number; startX: number }
  | { phase: 'success'; offset: number };

export type SliderEvent =
  { type: 'down'; x: number } | { type: 'move'; x: number; max: number } | { type: 'up'; max: number };

export const SLIDER_IDLE: SliderState = { phase: 'idle', offset: 0 };

export function sliderStep(state: SliderState, event: SliderEvent): SliderState {
  // Once verified the handle stays where it is.
  if (state.phase === 'success') return state;
  switch (event.type) {
    case 'down':
      return { phase: 'dragging', offset: 0, startX: event.x };
    case 'move':
      if (state.phase !== 'dragging') return state;
      return { ...state, offset: Math.min(event.max, Math.max(0, event.x - state.startX)) };
    case 'up':
      if (state.phase !== 'dragging') return state;
      return state.offset >= event.max ? { phase: 'success', offset: event.max } : SLIDER_IDLE;
  }
}
