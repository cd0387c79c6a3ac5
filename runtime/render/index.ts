/** The browser engine's public surface: hosts create a runtime and render DeclaredScreen. */
export { createRuntime, createRegistry, type Runtime, type RuntimeOptions, type Registry } from './registry';
export { defaultRenderers, defaultWidgets } from './defaults';
export { DeclaredScreen, type DeclaredScreenProps } from './DeclaredScreen';
export { RuntimeContext, useRuntime } from './context';
export type * from './types';
export { guardedClose, CloseGuardMessages } from './form/close-guard';
