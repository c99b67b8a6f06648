// Type declarations for the stridelab package (hand-written: Emscripten 3.1.6
// cannot generate them). The shapes mirror docs/api.md.

export type DType =
  | 'bool' | 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64'
  | 'float16' | 'float32' | 'float64' | 'complex64' | 'complex128';

export interface RunResult {
  /** Everything the program printed. */
  stdout: string;
  /** null, or the last line of the Python traceback: "TypeName: message". */
  error: string | null;
  /** The full Python-style traceback text, or null. */
  traceback: string | null;
  /** 1-based line of the failing statement, or null. */
  line: number | null;
  /** 1-based column (SyntaxError only), or null. */
  col: number | null;
  /** With { echo: true }: repr of a trailing expression statement, or null. */
  repr: string | null;
  /** The program raised SystemExit (sys.exit(), exit()) and nothing caught it: its exit status; else null. */
  exitCode: number | null;
  /** Why an operation the run attempted refused to make a view (torch `view`), or null. */
  explainError: Explanation | null;
  /** With { snapshot: true }: the inspection snapshot taken after the run. */
  snapshot?: Snapshot;
  /** With { trace }: the recording of the run, statement by statement. */
  trace?: Trace;
}

/** One statement of the program run to completion (docs/api.md, "Step trace"). */
export interface TraceStep {
  /** 1-based lines of the statement. */
  line: number;
  endLine: number;
  /** A top-level statement of the program (not inside a loop, branch or call). */
  top: boolean;
  /** UTF-8 bytes of stdout printed when the statement finished. */
  stdoutLength: number;
  /** The names the statement mentions (targets, values, conditions). */
  names: string[];
  /** Array variables whose bytes this statement changed; throughOther: not by a name it mentions (a write through a view). */
  changed: { name: string; throughOther: boolean }[];
  /**
   * Per storage (a snapshot variable's `storage` id), the byte ranges [lo0, hi0, lo1, hi1, ...]
   * whose values differ from the previous recorded step; coarse: past 64 runs the last range
   * stretches to the last changed byte. Storages over 4 MB (or past 16 MB of kept copies) are not compared.
   */
  bytesChanged: { storage: number; ranges: number[]; coarse: boolean }[];
  /**
   * What the statement did to the bytes autograd graphs keep and no variable holds: held
   * after it, freed (a backward() without retain_graph) and added; the saved tensors whose
   * version it moved. Absent when there is none of these.
   */
  graph?: {
    savedBytes: number; freedBytes: number; newBytes: number;
    bumped: { node: string; slot: string; savedVersion: number; version: number }[];
  };
  /** The snapshot after the statement (shared with step `sameAs` when equal to it). */
  snapshot: Snapshot;
  sameAs?: number;
}

export interface Trace {
  steps: TraceStep[];
  /** Statements run but not recorded (past maxSteps or the byte budget; top-level ones are kept longer). */
  skipped: number;
  maxSteps: number;
  /** Budget for the recorded snapshots' JSON text, and what was used. */
  maxBytes: number;
  bytes: number;
}

/**
 * One view-or-copy decision, as the engine made it (docs/api.md lists the rules).
 * Strides and offsets are in `unit`: bytes for ndarrays, elements for tensors.
 */
export interface ExplainStep {
  /** Stable rule id: 'basic-index', 'advanced-index', 'reshape-copy', 'torch-view-fail', ... */
  rule: string;
  verdict: 'view' | 'copy' | 'same' | 'error';
  unit?: 'bytes' | 'elements';
  itemsize?: number;
  inShape?: number[];
  inStrides?: number[];
  inOffset?: number;
  outShape?: number[];
  outStrides?: number[];
  outOffset?: number;
  /** The program statement running when the record was made (1-based lines of that run's code). */
  line?: number;
  endLine?: number;
  /** Its text, quoted from that run's program (absent once the engine no longer keeps it). */
  source?: string;
  /** The rule's numbers (e.g. reshape-copy: axes, dims, strides, at, needed, newShape). */
  facts: { [key: string]: number | number[] | string };
}

export interface Explanation {
  /** The decisive record was made by the latest run. */
  thisRun: boolean;
  /** The decisive step first, then earlier steps of the same run (nearest first). */
  steps: ExplainStep[];
}

export interface RunOptions {
  /** Show the repr of a trailing expression (REPL echo, NumPy-2-style scalars). */
  echo?: boolean;
  /** What tracebacks call the code (default "<stdin>"). */
  filename?: string;
  /** Also return the snapshot taken after the run (one engine call per run). */
  snapshot?: boolean;
  /** Also return `trace`: a snapshot after every statement, at most this many steps (true: 500). Not with `filename`. */
  trace?: boolean | number;
}

export type TypedArray =
  | Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array
  | Float32Array | Float64Array | BigInt64Array | BigUint64Array;

export interface ArrayData {
  kind: 'ndarray' | 'tensor';
  dtype: DType;
  shape: number[];
  /** Byte strides of the array in the engine (the data below is always C order). */
  strides: number[];
  /** Elements in C order. complex dtypes interleave (re, im); float16 is raw bits. */
  data: TypedArray;
}

export interface SetArrayOptions {
  shape?: number[];
  dtype?: DType;
  /** Create a torch.Tensor instead of a numpy.ndarray. */
  torch?: boolean;
}

export interface Flags {
  C_CONTIGUOUS: boolean;
  F_CONTIGUOUS: boolean;
  OWNDATA: boolean;
  WRITEABLE: boolean;
  ALIGNED: boolean;
  WRITEBACKIFCOPY: boolean;
}

export interface SnapshotVariable {
  name: string;
  topLevel: boolean;
  kind: 'ndarray' | 'tensor' | 'scalar' | 'function' | 'module' | 'other';
  type: string;
  preview: string;
  dtype?: DType;
  itemsize?: number;
  shape?: number[];
  strides?: number[];
  elementStrides?: number[];
  offset?: number;
  size?: number;
  nbytes?: number;
  storage?: number;
  storageBytes?: number;
  extent?: [number, number];
  object?: number;
  hash?: string | null;
  flags?: Flags;
  baseChain?: number[];
  /** Arrays and tensors: why this is a view or a copy. */
  explain?: Explanation;
  /** Tensors with an autograd record. */
  autograd?: {
    requiresGrad: boolean; isLeaf: boolean; isParameter: boolean; version: number;
    gradFn: string | null; node: number | null;
    /** The entry name of its .grad ("w.grad"), or null before the first backward(). */
    grad: string | null;
    /** The graph behind it: bytes of the distinct storages it saved, the part no variable holds, how many. */
    graphBytes?: number; graphHiddenBytes?: number; graphSaved?: number;
  };
  /** On a gradient entry ("w.grad"): its tensor's name. */
  gradOf?: string;
  /** On an optimizer's state tensor: the optimizer, the parameter (null when unnamed), the key. */
  optimizerState?: { owner: string; param: string | null; key: string };
}

export interface SavedTensorInfo {
  slot: number;
  /** PyTorch's name for it: "self", "other", "result", "mat2", ... */
  name: string;
  isOutput: boolean;
  packed: boolean;
  savedVersion: number;
  line?: number;
  source?: string;
  /** Absent once released (or when a saved_tensors_hooks pack hook holds it). */
  dtype?: DType; shape?: number[]; nbytes?: number; storage?: number; storageBytes?: number;
  version?: number; stale?: boolean; sharesWith?: string[];
}

export interface TensorWriteInfo {
  op: string; version: number; throughView: boolean; shape: number[];
  line?: number; source?: string; via?: string; viewOf?: string;
}

export interface AutogradSnapshot {
  nodes: { id: number; name: string; released: boolean; next: (number | null)[]; wraps?: number; variable?: string; saved: SavedTensorInfo[] }[];
  saved: { storage: number; nbytes: number; hidden: boolean; by: [number, number][] }[];
  truncated: boolean;
  failure: null | {
    node: string; slot: string; dtype: DType; shape: number[]; savedVersion: number; version: number;
    savedLine?: number; savedSource?: string; writes: TensorWriteInfo[];
  };
}

export interface Snapshot {
  heap: { liveBytes: number; liveStorages: number; peakBytes: number; reachableBytes: number; viewOnlyBytes: number; graphBytes: number };
  storages: { id: number; nbytes: number; ownerNamed: boolean; holders: string[] }[];
  objects: { id: number; names: string[]; kind: 'ndarray' | 'tensor' | 'DummyArray'; base: number | null; ownsData: boolean }[];
  variables: SnapshotVariable[];
  shareGroups: string[][];
  tooHardPairs: [string, string][];
  autograd: AutogradSnapshot;
}

export type JsValue = null | boolean | number | string | JsValue[] | { [key: string]: JsValue };

export interface SessionFile {
  /** Absolute path in the session's file system, e.g. "/home/stridelab/data.csv". */
  path: string;
  /** Bytes. */
  size: number;
}

export interface Session {
  run(code: string, options?: RunOptions): RunResult;
  snapshot(): Snapshot;
  setStepBudget(steps: number): void;
  set(name: string, value: JsValue | TypedArray | { data: TypedArray; shape?: number[]; dtype?: DType }): this;
  get(name: string): unknown;
  delete(name: string): void;
  variables(): string[];
  setArray(name: string, data: TypedArray | unknown[], options?: SetArrayOptions): this;
  getArray(name: string, options?: { copy?: boolean }): ArrayData;
  /**
   * Writes a file into the session's own in-memory file system (created or
   * replaced, folders made as needed); relative paths are relative to the
   * program's working directory (/home/stridelab at first). Strings are
   * written as UTF-8. Returns the file's absolute path.
   */
  writeFile(path: string, data: string | Uint8Array | ArrayBuffer | ArrayBufferView): string;
  /** A file's bytes (a copy); with { encoding } its text. Throws FileNotFoundError & co. */
  readFile(path: string): Uint8Array;
  readFile(path: string, options: { encoding: string }): string;
  /** Every file of the session, by absolute path. */
  listFiles(): SessionFile[];
  dispose(): void;
  readonly disposed: boolean;
}

export interface Stridelab {
  version: string;
  session(): Session;
  /**
   * Loads the engine's second part (stridelab-core.deferred.wasm) without
   * blocking; resolves once it is in. Otherwise, in Node and in workers, the
   * first call that needs it loads it synchronously; on a page's main thread
   * init() has already waited for it.
   */
  prefetch(): Promise<void>;
  stats(): {
    liveSessions: number; liveBytes: number; liveStorages: number; mallocBytes: number;
    /** 'whole' for an engine built without the split. */
    deferred: 'loaded' | 'not loaded' | 'whole';
  };
}

export interface InitOptions {
  /**
   * Where to load stridelab-core.wasm from (bundlers, CDNs). A relative URL is
   * resolved against the package module (or, in a classic-script bundle, the
   * page or worker). Default: the .wasm beside the package, which Vite and
   * other bundlers that understand `new URL(..., import.meta.url)` ship for you.
   */
  wasmUrl?: string | URL;
  /** The .wasm bytes themselves. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * The engine compiled already (or being compiled), e.g. with
   * `WebAssembly.compileStreaming(fetch(url))` started before the package was
   * imported, or a module posted from another thread. Takes precedence over
   * `wasmBinary` and `wasmUrl`.
   */
  wasmModule?: WebAssembly.Module | Promise<WebAssembly.Module>;
  /**
   * The engine's second part, the same three ways. Default: beside the first
   * part (stridelab-core.deferred.wasm beside stridelab-core.wasm; with
   * `wasmUrl: 'x/engine.wasm'`, 'x/engine.deferred.wasm'). With `wasmBinary`
   * it must be given.
   */
  deferredUrl?: string | URL;
  deferredBinary?: ArrayBuffer | Uint8Array;
  deferredModule?: WebAssembly.Module | Promise<WebAssembly.Module>;
}

export function init(options?: InitOptions): Promise<Stridelab>;
declare const _default: { init: typeof init };
export default _default;
