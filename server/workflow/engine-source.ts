/**
 * What bpmn-engine would otherwise rebuild on every call (docs/BENCHMARKS.md, issue 14): the
 * parsed process of a deployed XML, and its loggers.
 *
 * A deployed version is immutable, so its parsed process (bpmn-moddle's XML parse with a freshly
 * built type registry — the largest single cost of a start — and the serialiser's element map) is
 * made once per XML and handed to every engine as `sourceContext`. The engine's stored state
 * carries that process as a JSON string (`definitions[].source`); a recover finds the same parsed
 * process by that string instead of parsing and resolving it again, and getState writes the string
 * kept from the first time. The stored state is unchanged, so states written before still recover.
 *
 * The parsed process is shared read-only: each engine builds its own activities from it and
 * copies each element's `behaviour` (where the service extension sets its per-engine Service).
 * Everything is made by bpmn-engine itself (its parser, its types), so nothing runs differently.
 */
import { Engine } from 'bpmn-engine';

/** What the engine reads of a parsed process (moddle-context-serializer's ContextApi). */
export interface SourceContext {
  id: string;
  serialize(): string;
}

/** Enough for a few hundred deployed versions; past it the cache starts again (rebuilt on use). */
const LIMIT = 256;
const byXml = new Map<string, Promise<SourceContext>>();
const bySource = new Map<string, SourceContext>();

/** Keeps the serialised text once, and finds the parsed process again by it. */
function remember(context: SourceContext, text?: string): SourceContext {
  const json = text ?? context.serialize();
  context.serialize = () => json;
  if (bySource.size >= LIMIT) bySource.clear();
  bySource.set(json, context);
  return context;
}

interface Loaded {
  context: { definitionContext: SourceContext };
}

/** The parsed process an engine loaded. */
async function loadedSource(engine: ReturnType<typeof Engine>): Promise<SourceContext | undefined> {
  const [definition] = (await engine.getDefinitions()) as unknown as Loaded[];
  return definition?.context.definitionContext;
}

/** The parsed process of a deployed XML, parsed once. */
export function sourceOf(xml: string): Promise<SourceContext> {
  const known = byXml.get(xml);
  if (known) return known;
  const made = loadedSource(new Engine({ source: xml })).then((context) => {
    if (!context) throw new Error('流程定义没有可执行的内容');
    return remember(context);
  });
  if (byXml.size >= LIMIT) byXml.clear();
  byXml.set(xml, made);
  made.catch(() => byXml.delete(xml));
  return made;
}

interface StoredState {
  definitions?: { id: string; source?: string }[];
}

/**
 * A stored state ready to recover: when its one definition's `source` text is known, the text is
 * replaced by the parsed process (for the engine's `sourceContext`). Otherwise the state is left
 * whole and the engine parses it; `learn` then keeps what it parsed for the next time.
 */
export function recoverable(state: string): { state: StoredState; source?: SourceContext; text?: string } {
  const parsed = JSON.parse(state) as StoredState;
  const definitions = parsed.definitions ?? [];
  const text = definitions.length === 1 ? definitions[0]!.source : undefined;
  if (!text) return { state: parsed };
  const source = bySource.get(text);
  if (!source) return { state: parsed, text };
  delete definitions[0]!.source;
  return { state: parsed, source };
}

/** Keeps the parsed process of a state recovered the long way, found again by its text. */
export async function learn(engine: ReturnType<typeof Engine>, text: string): Promise<void> {
  const context = await loadedSource(engine);
  if (context) remember(context, text);
}

type Logger = Record<'debug' | 'error' | 'warn', (...args: unknown[]) => void>;
type LoggerFactory = (scope: string) => Logger;
/** bpmn-engine's default logger factory (the `debug` package under `bpmn-engine:`). */
const debugLogger = (new Engine({}) as unknown as { options: { Logger: LoggerFactory } }).options.Logger;
const loggers = new Map<string, Logger>();

/** bpmn-engine's own logger, made once per element type instead of once per element and run. */
export function cachedLogger(scope: string): Logger {
  let logger = loggers.get(scope);
  if (!logger) {
    logger = debugLogger(scope);
    if (loggers.size >= LIMIT) loggers.clear();
    loggers.set(scope, logger);
  }
  return logger;
}
