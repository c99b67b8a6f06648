// Editor completions: `np.` / `torch.` names, array and tensor methods after `x.`, and
// the session's variable names (from the latest snapshot).
//
// The engine has no dir(); the lists below are a curated superset of the NumPy / PyTorch
// names the playground is meant to cover. At start-up the page asks the engine which of
// them really exist (hasattr, in a throwaway session: see runner/worker.js 'probe') and keeps
// only those; until then, or if probing fails, the static lists are used as they are.

export const CANDIDATES = {
  np: `abs absolute add all allclose amax amin any append arange arccos arccosh arcsin arcsinh arctan arctan2
    arctanh argmax argmin argsort argwhere around array array_equal array_equiv array_split asarray
    ascontiguousarray asfortranarray astype atleast_1d atleast_2d atleast_3d average bool bool_ broadcast_arrays
    broadcast_shapes broadcast_to byte can_cast cbrt ceil clip column_stack complex128 complex64 concatenate
    conj conjugate copy copysign cos cosh count_nonzero cross cumprod cumsum deg2rad degrees diag diagonal diff
    divide dot double dsplit dstack dtype e einsum empty empty_like equal euler_gamma exp exp2 expand_dims expm1
    eye fabs finfo flatnonzero flip fliplr flipud float16 float32 float64 float_power floor floor_divide fmax
    fmin fmod frombuffer full full_like gcd get_printoptions geterr greater greater_equal hsplit hstack hypot
    identity iinfo imag inf inner int16 int32 int64 int8 intp isclose iscomplexobj isfinite isinf isnan isreal
    isscalar issubdtype kron lcm ldexp left_shift less less_equal linalg linspace log log10 log1p log2 logaddexp
    logical_and logical_not logical_or logical_xor logspace matmul max maximum may_share_memory mean median
    meshgrid min minimum mod moveaxis multiply nan nan_to_num nanargmax nanargmin nanmax nanmean nanmin nanprod
    nanstd nansum nanvar ndarray ndim negative newaxis nonzero not_equal ones ones_like outer pad percentile
    pi positive power prod promote_types ptp put quantile rad2deg radians random ravel real reciprocal remainder
    repeat reshape result_type right_shift rint roll rollaxis rot90 round round_ searchsorted select
    set_printoptions seterr shape shares_memory sign signbit sin sinh size sort split sqrt square squeeze stack
    std subtract sum swapaxes take take_along_axis tan tanh tensordot tile trace transpose tril triu true_divide
    trunc uint16 uint32 uint64 uint8 unique unravel_index vdot var vsplit vstack where zeros zeros_like lib`,
  ndarray: `T all any argmax argmin argsort astype base byteswap choose clip compress conj conjugate copy ctypes
    cumprod cumsum data diagonal dot dtype fill flags flat flatten imag item itemsize max mean min nbytes ndim
    nonzero partition prod ptp put ravel real repeat reshape resize round searchsorted setflags shape size sort
    squeeze std strides sum swapaxes take tobytes tofile tolist trace transpose var view mT`,
  random: `rand randn randint random random_sample seed normal uniform choice permutation shuffle
    standard_normal default_rng RandomState binomial poisson exponential beta gamma integers`,
  linalg: `cholesky det eig eigh eigvals eigvalsh inv lstsq matrix_power matrix_rank multi_dot norm pinv qr
    slogdet solve svd`,
  lib: `stride_tricks`,
  stride_tricks: `as_strided sliding_window_view broadcast_to`,
  torch: `abs add all allclose any arange argmax argmin argsort as_strided as_tensor bfloat16 bmm bool broadcast_to
    cat chunk clamp clone complex64 contiguous_format cumsum device diag diagonal dot double einsum empty
    empty_like empty_strided eq equal exp expand eye flatten flip float float16 float32 float64 from_numpy full
    full_like gather get_default_dtype half int int16 int32 int64 int8 is_storage is_tensor linspace log
    long manual_seed masked_fill matmul max mean min movedim mul narrow ones ones_like permute rand randint
    randn reshape select set_default_dtype set_printoptions sin softmax split sqrt squeeze stack std
    sum t tensor tensordot tile transpose tril triu uint8 unbind unsqueeze view_as_real where zeros
    zeros_like inf nan pi e Size Tensor nn`,
  tensor: `T abs add add_ all any argmax as_strided bool chunk clamp clone contiguous copy_ cpu data_ptr detach
    device dim double dtype element_size expand expand_as fill_ flatten flip float half int is_contiguous
    is_floating_point item long masked_fill masked_fill_ matmul max mean min mul mul_ narrow ndim ndimension
    nelement numel numpy permute repeat reshape reshape_as select shape size softmax split squeeze std
    storage storage_offset stride sum t to tolist transpose type unbind unflatten unfold unsqueeze
    untyped_storage view view_as zero_ mT is_shared`,
};

export const STATIC_LISTS = Object.fromEntries(
  Object.entries(CANDIDATES).map(([k, v]) => [k, v.trim().split(/\s+/)]),
);

// The object each group is probed on (inside a fresh session; torch may be absent).
export const PROBES = [
  { group: 'np', setup: 'import numpy as np', target: 'np' },
  { group: 'ndarray', setup: 'import numpy as np\n_o = np.arange(4.0)', target: '_o' },
  { group: 'random', setup: 'import numpy as np\n_o = np.random', target: '_o' },
  { group: 'linalg', setup: 'import numpy as np\n_o = np.linalg', target: '_o' },
  { group: 'stride_tricks', setup: 'import numpy as np\n_o = np.lib.stride_tricks', target: '_o' },
  { group: 'torch', setup: 'import torch', target: 'torch' },
  { group: 'tensor', setup: 'import torch\n_o = torch.arange(4.0)', target: '_o' },
];

/** A program that prints, one per line, the names in `names` that `target` has. */
export function probeProgram({ setup, target }, names) {
  const list = names.map((n) => JSON.stringify(n)).join(', ');
  return `${setup}\nfor _n in [${list}]:\n    if hasattr(${target}, _n):\n        print(_n)\n`;
}

const CALLABLE_HINT = new Set(['T', 'mT', 'base', 'ctypes', 'data', 'dtype', 'flags', 'flat', 'imag', 'itemsize',
  'nbytes', 'ndim', 'real', 'shape', 'size', 'strides', 'device', 'is_shared']);
const CONSTANTS = new Set(['pi', 'e', 'inf', 'nan', 'newaxis', 'euler_gamma']);
const TYPES = /^(u?int\d+|float\d+|complex\d+|bool_?|bfloat16|half|double|long|int|float|byte|intp|dtype|ndarray|Tensor|Size|RandomState)$/;
const MODULES = new Set(['random', 'linalg', 'lib', 'stride_tricks', 'nn']);

function optionType(group, name) {
  if (MODULES.has(name)) return 'namespace';
  if (CONSTANTS.has(name)) return 'constant';
  if (TYPES.test(name)) return 'type';
  if (group === 'ndarray' || group === 'tensor') return CALLABLE_HINT.has(name) ? 'property' : 'method';
  return 'function';
}

// Python identifiers before the dot: `np.random.` -> ["np", "random"].
const MEMBER_RE = /([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\.(\w*)$/;

/**
 * A CodeMirror completion source.
 * @param {() => { lists: Record<string,string[]>, variables: Array<{name:string, kind:string, type?:string, dtype?:string, shape?:number[]}>, aliases: Record<string,string> }} getState
 */
export function createCompletionSource(getState) {
  return (context) => {
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    // Not inside a comment or a string (a cheap check: odd number of quotes, or a #).
    const hash = before.indexOf('#');
    if (hash >= 0 && !/['"]/.test(before.slice(0, hash))) return null;

    const { lists, variables, aliases } = getState();
    const member = MEMBER_RE.exec(before);
    if (member) {
      const path = member[1].split('.');
      const typed = member[2];
      const group = groupFor(path, variables, aliases);
      if (!group) return null;
      const names = lists[group] ?? [];
      return {
        from: context.pos - typed.length,
        options: names.map((name) => ({ label: name, type: optionType(group, name), boost: name.startsWith('_') ? -1 : 0 })),
        validFor: /^\w*$/,
      };
    }

    const word = context.matchBefore(/[A-Za-z_]\w*/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    if (word.from > line.from && /[.\w]/.test(line.text[word.from - line.from - 1] ?? '')) return null;
    const options = variables
      .filter((v) => v.topLevel !== false && /^[A-Za-z_]\w*$/.test(v.name))
      .map((v) => ({
        label: v.name,
        type: 'variable',
        detail: describe(v),
        boost: 2,
      }));
    if (!options.length) return null;
    return { from: word.from, options, validFor: /^\w*$/ };
  };
}

function describe(v) {
  if (v.kind === 'ndarray' || v.kind === 'tensor') {
    const shape = Array.isArray(v.shape) ? `(${v.shape.join(', ')}${v.shape.length === 1 ? ',' : ''})` : '';
    return `${v.dtype ?? ''} ${shape}`.trim();
  }
  return v.type ?? v.kind ?? '';
}

// Which list completes `path.`: module aliases from the program (import numpy as xp),
// submodules, and variables whose snapshot kind says ndarray or tensor.
function groupFor(path, variables, aliases) {
  const head = aliases[path[0]] ?? path[0];
  if (path.length === 1) {
    if (head === 'numpy') return 'np';
    if (head === 'torch') return 'torch';
    if (head === 'numpy.random') return 'random';
    if (head === 'numpy.linalg') return 'linalg';
    const v = variables.find((x) => x.name === path[0]);
    if (v?.kind === 'ndarray') return 'ndarray';
    if (v?.kind === 'tensor') return 'tensor';
    return null;
  }
  if (head === 'numpy') {
    const sub = path.slice(1).join('.');
    if (sub === 'random') return 'random';
    if (sub === 'linalg') return 'linalg';
    if (sub === 'lib') return 'lib';
    if (sub === 'lib.stride_tricks') return 'stride_tricks';
  }
  // `a.T.` and friends: still an array.
  const v = variables.find((x) => x.name === path[0]);
  if (v && path.slice(1).every((p) => p === 'T' || p === 'mT')) return v.kind === 'tensor' ? 'tensor' : v.kind === 'ndarray' ? 'ndarray' : null;
  return null;
}

/** `import numpy as np`, `import torch as th`, `from numpy import random as rnd` -> alias map. */
export function importAliases(code) {
  const aliases = { np: 'numpy', numpy: 'numpy', torch: 'torch' };
  const re = /^\s*import\s+(numpy|torch)(?:\s+as\s+([A-Za-z_]\w*))?/gm;
  let m;
  while ((m = re.exec(code))) aliases[m[2] ?? m[1]] = m[1];
  const from = /^\s*from\s+numpy\s+import\s+(random|linalg)(?:\s+as\s+([A-Za-z_]\w*))?/gm;
  while ((m = from.exec(code))) aliases[m[2] ?? m[1]] = `numpy.${m[1]}`;
  return aliases;
}
