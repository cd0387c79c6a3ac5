/**
 * 滑块验证: drag the handle to the right end to pass. Released short it slides back; once passed it
 * says 验证通过, calls onSuccess once and cannot be dragged again.
 */
import { CheckCircleFilled, DoubleRightOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import { SLIDER_IDLE, sliderStep, SliderText, type SliderEvent, type SliderState } from './slider-verify';

const HANDLE = 40;

export interface SliderVerifyProps {
  width?: number;
  height?: number;
  onSuccess?(): void;
}

export function SliderVerify({ width = 300, height = 40, onSuccess }: SliderVerifyProps): React.JSX.Element {
  const [state, setState] = useState<SliderState>(SLIDER_IDLE);
  const current = useRef(state);
  const max = width - HANDLE;
  const dispatch = (event: SliderEvent) => {
    const next = sliderStep(current.current, event);
    if (next.phase === 'success' && current.current.phase !== 'success') onSuccess?.();
    current.current = next;
    setState(next);
  };
  const passed = state.phase === 'success';
  return (
    <div
      className="zj-slider-verify"
      role="slider"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={state.offset}
      aria-label={passed ? SliderText.success : SliderText.idle}
      style={{
        position: 'relative',
        width,
        height,
        background: '#e8e8e8',
        borderRadius: 4,
        userSelect: 'none',
      }}
    >
      <div
        style={{
          position: 'absolute',
          inset: 0,
          width: state.offset + HANDLE / 2,
          background: passed ? '#52c41a' : '#7ac23c',
          borderRadius: 4,
          transition: state.phase === 'idle' ? 'width 0.3s' : undefined,
        }}
      />
      <div
        style={{
          position: 'absolute',
          inset: 0,
          lineHeight: `${height}px`,
          textAlign: 'center',
          color: passed ? '#fff' : '#666',
        }}
      >
        {passed ? SliderText.success : SliderText.idle}
      </div>
      <div
        className="zj-slider-handle"
        onPointerDown={(e) => {
          if (passed) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          dispatch({ type: 'down', x: e.clientX });
        }}
        onPointerMove={(e) => dispatch({ type: 'move', x: e.clientX, max })}
        onPointerUp={() => dispatch({ type: 'up', max })}
        style={{
          position: 'absolute',
          top: 0,
          left: state.offset,
          width: HANDLE,
          height,
          background: '#fff',
          border: '1px solid #ccc',
          borderRadius: 4,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          cursor: passed ? 'default' : 'move',
          transition: state.phase === 'idle' ? 'left 0.3s' : undefined,
        }}
      >
        {passed ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}
