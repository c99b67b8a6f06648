// itertools_module: `itertools` -- lazy iterators over iterables, as CPython
// 3.13's Modules/itertoolsmodule.c produces them (the order of the items, what
// is consumed when, the error messages).
// Invariant: every function returns an IteratorObj whose next() pulls from its
// sources only as far as the item it returns needs (count() is infinite and
// works under islice and zip); the combinatoric ones read their inputs once,
// up front, as CPython does.
#include <algorithm>

#include "core/lang/modules/modules.hpp"

namespace sl::lang {

namespace {

using NextFn = std::function<bool(Value&)>;
Value make_iter(const char* name, NextFn f) {
  return Value(std::static_pointer_cast<Obj>(std::make_shared<IteratorObj>(std::string("itertools.") + name, std::move(f))));
}

// count(start=0, step=1): start, start+step, ... (ints or floats, by +).
Value it_count(Interp& in, Args& a) {
  auto cur = std::make_shared<Value>(a.optional(0, "start", Value::integer(0)));
  Value step = a.optional(1, "step", Value::integer(1));
  a.finish(2);
  Interp* ip = &in;
  return make_iter("count", [ip, cur, step](Value& out) {
    out = *cur;
    *cur = ip->binop(BinOp::Add, *cur, step);
    return true;
  });
}
// cycle(iterable): the items, saved on the first pass, forever.
Value it_cycle(Interp& in, Args& a) {
  Value src = in.iter(a.required(0, "iterable"));
  a.finish(1);
  auto saved = std::make_shared<std::vector<Value>>();
  auto pos = std::make_shared<size_t>(0);
  auto first = std::make_shared<bool>(true);
  Interp* ip = &in;
  return make_iter("cycle", [ip, src, saved, pos, first](Value& out) {
    if (*first) {
      if (ip->next(src, out)) {
        saved->push_back(out);
        return true;
      }
      *first = false;
    }
    if (saved->empty()) return false;
    out = (*saved)[*pos];
    *pos = (*pos + 1) % saved->size();
    return true;
  });
}
Value it_repeat(Interp& in, Args& a) {
  Value obj = a.required(0, "object");
  Value times = a.optional(1, "times");
  a.finish(2);
  auto left = std::make_shared<int64_t>(times.is_none() ? -1 : std::max<int64_t>(0, in.index_value(times)));
  return make_iter("repeat", [obj, left](Value& out) {
    if (*left == 0) return false;
    if (*left > 0) --*left;
    out = obj;
    return true;
  });
}
// accumulate(iterable, func=operator.add, *, initial=None): running results.
Value it_accumulate(Interp& in, Args& a) {
  Value src = in.iter(a.required(0, "iterable"));
  Value func = a.optional(1, "func");
  Value initial = a.optional(99, "initial");
  a.finish(2);
  auto total = std::make_shared<Value>(initial);
  auto started = std::make_shared<bool>(!initial.is_none());
  auto emit_initial = std::make_shared<bool>(!initial.is_none());
  Interp* ip = &in;
  return make_iter("accumulate", [ip, src, func, total, started, emit_initial](Value& out) {
    if (*emit_initial) {
      *emit_initial = false;
      out = *total;
      return true;
    }
    Value x;
    if (!ip->next(src, x)) return false;
    if (!*started) {
      *total = x;
      *started = true;
    } else {
      *total = func.is_none() ? ip->binop(BinOp::Add, *total, x) : ip->call(func, std::vector<Value>{*total, x});
    }
    out = *total;
    return true;
  });
}
// chain over an iterator of iterables (chain(*its) and chain.from_iterable).
Value chain_of(Interp& in, Value iterables) {
  auto cur = std::make_shared<Value>();
  Interp* ip = &in;
  return make_iter("chain", [ip, iterables, cur](Value& out) {
    for (;;) {
      if (!cur->is_none() && ip->next(*cur, out)) return true;
      Value nxt;
      if (!ip->next(iterables, nxt)) return false;
      *cur = ip->iter(nxt);
    }
  });
}
Value it_chain(Interp& in, Args& a) {
  if (!a.kw.empty()) in.raise_exc("TypeError", "chain() takes no keyword arguments");
  return chain_of(in, in.iter(make_list(a.pos)));
}
Value it_chain_from_iterable(Interp& in, Args& a) { return chain_of(in, in.iter(a.required(0, "iterable"))); }
Value it_compress(Interp& in, Args& a) {
  Value data = in.iter(a.required(0, "data")), sel = in.iter(a.required(1, "selectors"));
  a.finish(2);
  Interp* ip = &in;
  return make_iter("compress", [ip, data, sel](Value& out) {
    Value s;
    while (ip->next(data, out) && ip->next(sel, s))
      if (ip->truthy(s)) return true;
    return false;
  });
}
// dropwhile / takewhile / filterfalse: a predicate over the items.
Value it_dropwhile(Interp& in, Args& a) {
  Value pred = a.required(0, "predicate"), src = in.iter(a.required(1, "iterable"));
  a.finish(2);
  auto dropping = std::make_shared<bool>(true);
  Interp* ip = &in;
  return make_iter("dropwhile", [ip, pred, src, dropping](Value& out) {
    while (ip->next(src, out)) {
      if (*dropping && ip->truthy(ip->call(pred, std::vector<Value>{out}))) continue;
      *dropping = false;
      return true;
    }
    return false;
  });
}
Value it_takewhile(Interp& in, Args& a) {
  Value pred = a.required(0, "predicate"), src = in.iter(a.required(1, "iterable"));
  a.finish(2);
  auto done = std::make_shared<bool>(false);
  Interp* ip = &in;
  return make_iter("takewhile", [ip, pred, src, done](Value& out) {
    if (*done || !ip->next(src, out)) return false;
    if (ip->truthy(ip->call(pred, std::vector<Value>{out}))) return true;
    *done = true;
    return false;
  });
}
Value it_filterfalse(Interp& in, Args& a) {
  Value pred = a.required(0, "function"), src = in.iter(a.required(1, "iterable"));
  a.finish(2);
  Interp* ip = &in;
  return make_iter("filterfalse", [ip, pred, src](Value& out) {
    while (ip->next(src, out)) {
      bool keep = pred.is_none() ? ip->truthy(out) : ip->truthy(ip->call(pred, std::vector<Value>{out}));
      if (!keep) return true;
    }
    return false;
  });
}
// groupby(iterable, key=None): (key, group) pairs of consecutive equal keys;
// a group is valid until the next pair is drawn (mirrors groupbyobject and
// _grouper: both share the current item, a group checks its id).
struct GroupbyState {
  Value src, keyfunc, curr_key, curr_value, tgt_key;
  bool have_curr = false, have_tgt = false, exhausted = false;
  uint64_t id = 0;
};
bool groupby_step(Interp& in, GroupbyState& s) {
  Value v;
  if (!in.next(s.src, v)) {
    s.exhausted = true;
    return false;
  }
  s.curr_value = v;
  s.curr_key = s.keyfunc.is_none() ? v : in.call(s.keyfunc, std::vector<Value>{v});
  s.have_curr = true;
  return true;
}
Value it_groupby(Interp& in, Args& a) {
  auto s = std::make_shared<GroupbyState>();
  s->src = in.iter(a.required(0, "iterable"));
  s->keyfunc = a.optional(1, "key");
  a.finish(2);
  Interp* ip = &in;
  return make_iter("groupby", [ip, s](Value& out) {
    ++s->id;
    if (s->exhausted) return false;
    if (!s->have_curr && !groupby_step(*ip, *s)) return false;
    while (s->have_tgt && ip->eq(s->curr_key, s->tgt_key))
      if (!groupby_step(*ip, *s)) return false;
    s->tgt_key = s->curr_key;
    s->have_tgt = true;
    uint64_t id = s->id;
    Value tgt = s->tgt_key;
    auto first = std::make_shared<bool>(true);
    Value group = make_iter("_grouper", [ip, s, id, tgt, first](Value& g) {
      if (s->id != id || s->exhausted) return false;
      if (!*first && !groupby_step(*ip, *s)) return false;
      *first = false;
      if (!ip->eq(s->curr_key, tgt)) return false;
      g = s->curr_value;
      return true;
    });
    out = make_tuple({s->curr_key, group});
    return true;
  });
}
// islice(iterable, stop) / islice(iterable, start, stop[, step]).
Value it_islice(Interp& in, Args& a) {
  if (!a.kw.empty()) in.raise_exc("TypeError", "islice() takes no keyword arguments");
  if (a.pos.size() < 2 || a.pos.size() > 4)
    in.raise_exc("TypeError", "islice expected at most 4 arguments, got " + std::to_string(a.pos.size()));
  Value src = in.iter(a.pos[0]);
  auto arg = [&](const Value& v, int64_t dflt, const char* msg) {
    if (v.is_none()) return dflt;
    if (!in.is_int_like(v) || v.is_float() || in.index_value(v) < 0) in.raise_exc("ValueError", msg);
    return in.index_value(v);
  };
  int64_t start = 0, stop = -1, step = 1;
  if (a.pos.size() == 2) {
    stop = arg(a.pos[1], -1, "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.");
  } else {
    const char* msg = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
    start = arg(a.pos[1], 0, msg);
    stop = arg(a.pos[2], -1, msg);
    if (a.pos.size() == 4) {
      step = arg(a.pos[3], 1, "Step for islice() must be a positive integer or None.");
      if (step == 0) in.raise_exc("ValueError", "Step for islice() must be a positive integer or None.");
    }
  }
  auto next_index = std::make_shared<int64_t>(start);
  auto consumed = std::make_shared<int64_t>(0);
  Interp* ip = &in;
  return make_iter("islice", [ip, src, next_index, consumed, stop, step](Value& out) {
    if (stop >= 0 && *next_index >= stop) {
      // CPython drains up to stop so the source is left where islice ends.
      Value skip;
      while (*consumed < stop && ip->next(src, skip)) ++*consumed;
      return false;
    }
    while (*consumed < *next_index) {
      Value skip;
      if (!ip->next(src, skip)) return false;
      ++*consumed;
    }
    if (!ip->next(src, out)) return false;
    ++*consumed;
    *next_index += step;
    return true;
  });
}
Value it_pairwise(Interp& in, Args& a) {
  Value src = in.iter(a.required(0, "iterable"));
  a.finish(1);
  auto prev = std::make_shared<Value>();
  auto started = std::make_shared<bool>(false);
  Interp* ip = &in;
  return make_iter("pairwise", [ip, src, prev, started](Value& out) {
    if (!*started) {
      *started = true;
      if (!ip->next(src, *prev)) return false;
    }
    Value x;
    if (!ip->next(src, x)) return false;
    out = make_tuple({*prev, x});
    *prev = x;
    return true;
  });
}
Value it_starmap(Interp& in, Args& a) {
  Value fn = a.required(0, "function"), src = in.iter(a.required(1, "iterable"));
  a.finish(2);
  Interp* ip = &in;
  return make_iter("starmap", [ip, fn, src](Value& out) {
    Value args;
    if (!ip->next(src, args)) return false;
    out = ip->call(fn, ip->to_vector(args));
    return true;
  });
}
// tee(iterable, n=2): n iterators over one source, sharing a buffer.
Value it_tee(Interp& in, Args& a) {
  Value src = in.iter(a.required(0, "iterable"));
  int64_t n = in.index_value(a.optional(1, "n", Value::integer(2)));
  a.finish(2);
  if (n < 0) in.raise_exc("ValueError", "n must be >= 0");
  auto buf = std::make_shared<std::vector<Value>>();
  auto ended = std::make_shared<bool>(false);
  Interp* ip = &in;
  std::vector<Value> outs;
  for (int64_t k = 0; k < n; ++k) {
    auto pos = std::make_shared<size_t>(0);
    outs.push_back(make_iter("_tee", [ip, src, buf, ended, pos](Value& out) {
      if (*pos == buf->size()) {
        if (*ended || !ip->next(src, out)) {
          *ended = true;
          return false;
        }
        buf->push_back(out);
      }
      out = (*buf)[(*pos)++];
      return true;
    }));
  }
  return make_tuple(std::move(outs));
}
Value it_zip_longest(Interp& in, Args& a) {
  Value fill = a.optional(99, "fillvalue");
  if (!a.kw.empty()) in.raise_exc("TypeError", "zip_longest() got an unexpected keyword argument '" + a.kw[0].first + "'");
  auto srcs = std::make_shared<std::vector<Value>>();
  for (auto& x : a.pos) srcs->push_back(in.iter(x));
  auto live = std::make_shared<std::vector<bool>>(srcs->size(), true);
  Interp* ip = &in;
  return make_iter("zip_longest", [ip, srcs, live, fill](Value& out) {
    if (srcs->empty()) return false;
    std::vector<Value> row;
    bool any = false;
    for (size_t k = 0; k < srcs->size(); ++k) {
      Value x;
      if ((*live)[k] && ip->next((*srcs)[k], x)) {
        any = true;
      } else {
        (*live)[k] = false;
        x = fill;
      }
      row.push_back(x);
    }
    if (!any) return false;
    out = make_tuple(std::move(row));
    return true;
  });
}

// The combinatoric iterators walk index vectors, as the itertools docs'
// equivalent code does; `step` advances the indices, false when done.
Value index_iter(const char* name, std::shared_ptr<std::vector<Value>> pool, std::vector<size_t> start,
                 std::function<bool(std::vector<size_t>&)> step, bool empty) {
  auto idx = std::make_shared<std::vector<size_t>>(std::move(start));
  auto first = std::make_shared<bool>(true);
  auto done = std::make_shared<bool>(empty);
  return make_iter(name, [pool, idx, first, done, step](Value& out) {
    if (*done) return false;
    if (!*first && !step(*idx)) {
      *done = true;
      return false;
    }
    *first = false;
    std::vector<Value> row;
    for (size_t i : *idx) row.push_back((*pool)[i]);
    out = make_tuple(std::move(row));
    return true;
  });
}
int64_t r_arg(Interp& in, const Value& v, int64_t dflt) {
  if (v.is_none()) return dflt;
  int64_t r = in.index_value(v);
  if (r < 0) in.raise_exc("ValueError", "r must be non-negative");
  return r;
}
Value it_combinations(Interp& in, Args& a) {
  auto pool = std::make_shared<std::vector<Value>>(in.to_vector(a.required(0, "iterable")));
  int64_t r = r_arg(in, a.required(1, "r"), 0);
  a.finish(2);
  size_t n = pool->size(), rr = size_t(r);
  std::vector<size_t> start(rr);
  for (size_t i = 0; i < rr; ++i) start[i] = i;
  return index_iter("combinations", pool, start, [n, rr](std::vector<size_t>& idx) {
    size_t i = rr;
    while (i-- > 0)
      if (idx[i] != i + n - rr) {
        ++idx[i];
        for (size_t j = i + 1; j < rr; ++j) idx[j] = idx[j - 1] + 1;
        return true;
      }
    return false;
  }, rr > n);
}
Value it_combinations_wr(Interp& in, Args& a) {
  auto pool = std::make_shared<std::vector<Value>>(in.to_vector(a.required(0, "iterable")));
  int64_t r = r_arg(in, a.required(1, "r"), 0);
  a.finish(2);
  size_t n = pool->size(), rr = size_t(r);
  return index_iter("combinations_with_replacement", pool, std::vector<size_t>(rr, 0), [n, rr](std::vector<size_t>& idx) {
    size_t i = rr;
    while (i-- > 0)
      if (idx[i] != n - 1) {
        size_t v = idx[i] + 1;
        for (size_t j = i; j < rr; ++j) idx[j] = v;
        return true;
      }
    return false;
  }, n == 0 && rr > 0);
}
// permutations: the index order of the docs' equivalent code (cycles).
Value it_permutations(Interp& in, Args& a) {
  auto pool = std::make_shared<std::vector<Value>>(in.to_vector(a.required(0, "iterable")));
  size_t n = pool->size();
  size_t rr = size_t(r_arg(in, a.optional(1, "r"), int64_t(n)));
  a.finish(2);
  auto indices = std::make_shared<std::vector<size_t>>(n);
  for (size_t i = 0; i < n; ++i) (*indices)[i] = i;
  auto cycles = std::make_shared<std::vector<size_t>>();
  for (size_t i = 0; i < rr && rr <= n; ++i) cycles->push_back(n - i);
  std::vector<size_t> start(indices->begin(), indices->begin() + long(std::min(rr, n)));
  return index_iter("permutations", pool, start, [n, rr, indices, cycles](std::vector<size_t>& idx) {
    size_t i = rr;
    while (i-- > 0) {
      --(*cycles)[i];
      if ((*cycles)[i] == 0) {
        std::rotate(indices->begin() + long(i), indices->begin() + long(i) + 1, indices->end());
        (*cycles)[i] = n - i;
      } else {
        size_t j = (*cycles)[i];
        std::swap((*indices)[i], (*indices)[n - j]);
        idx.assign(indices->begin(), indices->begin() + long(rr));
        return true;
      }
    }
    return false;
  }, rr > n);
}
// product(*iterables, repeat=1): an odometer over the pools, last fastest.
Value it_product(Interp& in, Args& a) {
  int64_t repeat = in.index_value(a.optional(99, "repeat", Value::integer(1)));
  if (!a.kw.empty()) in.raise_exc("TypeError", "product() got an unexpected keyword argument '" + a.kw[0].first + "'");
  if (repeat < 0) in.raise_exc("ValueError", "repeat argument cannot be negative");
  std::vector<std::vector<Value>> pools;
  for (auto& p : a.pos) pools.push_back(in.to_vector(p));
  std::vector<std::vector<Value>> all;
  for (int64_t r = 0; r < repeat; ++r) all.insert(all.end(), pools.begin(), pools.end());
  auto flat = std::make_shared<std::vector<Value>>();
  std::vector<size_t> offset, size;
  bool empty = false;
  for (auto& p : all) {
    offset.push_back(flat->size());
    size.push_back(p.size());
    empty |= p.empty();
    flat->insert(flat->end(), p.begin(), p.end());
  }
  return index_iter("product", flat, offset, [offset, size](std::vector<size_t>& idx) {
    size_t i = idx.size();
    while (i-- > 0) {
      if (idx[i] + 1 < offset[i] + size[i]) {
        ++idx[i];
        return true;
      }
      idx[i] = offset[i];
    }
    return false;
  }, empty);
}
// batched(iterable, n, *, strict=False): tuples of n (the last may be short).
Value it_batched(Interp& in, Args& a) {
  Value src = in.iter(a.required(0, "iterable"));
  int64_t n = in.index_value(a.required(1, "n"));
  bool strict = in.truthy(a.optional(99, "strict", Value::boolean(false)));
  a.finish(2);
  if (n < 1) in.raise_exc("ValueError", "n must be at least one");
  Interp* ip = &in;
  return make_iter("batched", [ip, src, n, strict](Value& out) {
    std::vector<Value> row;
    Value x;
    while (int64_t(row.size()) < n && ip->next(src, x)) row.push_back(x);
    if (row.empty()) return false;
    if (strict && int64_t(row.size()) < n) ip->raise_exc("ValueError", "batched(): incomplete batch");
    out = make_tuple(std::move(row));
    return true;
  });
}

const ModuleFnDef kItertools[] = {
    {"count", it_count},           {"cycle", it_cycle},             {"repeat", it_repeat},
    {"accumulate", it_accumulate}, {"chain", it_chain},             {"compress", it_compress},
    {"dropwhile", it_dropwhile},   {"takewhile", it_takewhile},     {"filterfalse", it_filterfalse},
    {"groupby", it_groupby},       {"islice", it_islice},           {"pairwise", it_pairwise},
    {"starmap", it_starmap},       {"tee", it_tee},                 {"zip_longest", it_zip_longest},
    {"product", it_product},       {"permutations", it_permutations}, {"combinations", it_combinations},
    {"combinations_with_replacement", it_combinations_wr}, {"batched", it_batched},
};

}  // namespace

void install_itertools_module(Interp& in) {
  ModuleObj& m = new_module(in, "itertools");
  def_functions(in, m, kItertools);
  // chain.from_iterable: chain is a function here, so the classmethod lives in its table.
  TypeObj* chain_t = in.new_type("chain", "itertools", {in.t.object});
  chain_t->call = it_chain;
  chain_t->attrs["from_iterable"] = in.builtin("from_iterable", it_chain_from_iterable);
  m.attrs["chain"] = Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), chain_t));
}

}  // namespace sl::lang
