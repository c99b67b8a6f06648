// The memory of training in the snapshot (issue 30 item 5): .grad as a storage
// of its own, the tensors the graph saved for backward and the bytes they
// hold, backward() releasing them, an optimizer's state per parameter, and the
// "modified by an inplace operation" error from the engine's write log.
// Each case parses the snapshot into the session (set_json) and checks it with
// Python asserts, so a failing check names the expression.
#include <catch2/catch.hpp>

#include <string>

#include "core/api/session.hpp"

namespace {

// Runs `checks` (Python, with `snap` bound to the session's snapshot); returns
// the run's JSON ("error":null when every assert held).
std::string check_snapshot(sl::Session& s, const std::string& checks) {
  REQUIRE(s.set_json("snap", s.snapshot()) == "{\"ok\":true}");
  const std::string helpers =
      "V = {v['name']: v for v in snap['variables']}\n"
      "A = snap['autograd']\n"
      "N = A['nodes']\n";
  const std::string r = s.run(helpers + checks + "\ndel snap, V, A, N\n", false);
  INFO(r);
  CHECK(r.find("\"error\":null") != std::string::npos);
  return r;
}

bool ran(sl::Session& s, const std::string& code) {
  const std::string r = s.run(code, false);
  INFO(r);
  return r.find("\"error\":null") != std::string::npos;
}

}  // namespace

TEST_CASE("a parameter's .grad is a storage of its own from the first backward, accumulated in place", "[snapshot][autograd]") {
  sl::Session s;
  REQUIRE(ran(s, "import torch\n"
                 "w = torch.ones(3, requires_grad=True)\n"
                 "x = torch.arange(3.0)\n"));
  check_snapshot(s, "assert V['w']['autograd']['grad'] is None\n"
                    "assert 'w.grad' not in V\n"
                    "assert V['w']['autograd']['isLeaf'] and V['w']['autograd']['requiresGrad']\n");
  REQUIRE(ran(s, "loss = (w * x).sum()\nloss.backward()\n"));
  check_snapshot(s, "g = V['w.grad']\n"
                    "assert V['w']['autograd']['grad'] == 'w.grad'\n"
                    "assert g['gradOf'] == 'w' and g['topLevel'] is False\n"
                    "assert g['storage'] != V['w']['storage'] and g['storageBytes'] == 12\n"
                    "assert g['preview'] == 'tensor([0., 1., 2.])'\n"
                    "first = g['storage']\n");
  REQUIRE(ran(s, "loss = (w * x).sum()\nloss.backward()\n"));
  check_snapshot(s, "assert V['w.grad']['storage'] == first\n"  // accumulated into the same bytes
                    "assert V['w.grad']['preview'] == 'tensor([0., 2., 4.])'\n");
}

TEST_CASE("the graph behind a tensor lists what each node saved, and backward() frees it", "[snapshot][autograd]") {
  sl::Session s;
  REQUIRE(ran(s, "import torch\n"
                 "w = torch.randn(64, 32, requires_grad=True)\n"
                 "x = torch.randn(16, 64)\n"
                 "h = (x @ w).tanh()\n"
                 "loss = (h * h).sum()\n"));
  check_snapshot(s, "a = V['loss']['autograd']\n"
                    "assert a['gradFn'] == 'SumBackward0' and N[a['node']]['name'] == 'SumBackward0'\n"
                    "names = [n['name'] for n in N]\n"  // from h's grad_fn (listed first), then loss's
                    "assert sorted(names) == ['MmBackward0', 'MulBackward0', 'SumBackward0', 'TanhBackward0', "
                    "'torch::autograd::AccumulateGrad'], names\n"
                    "assert [names[i] for i in N[a['node']]['next']] == ['MulBackward0']\n"
                    "assert V['h']['autograd']['graphBytes'] == 6144 and V['h']['autograd']['graphSaved'] == 2\n"
                    "tanh = N[names.index('TanhBackward0')]\n"
                    "[r] = tanh['saved']\n"
                    "assert r['name'] == 'result' and r['isOutput'] and r['shape'] == [16, 32] and r['nbytes'] == 2048\n"
                    "assert r['line'] == 4 and r['source'] == 'h = (x @ w).tanh()'\n"
                    "assert r['sharesWith'] == ['h']\n"  // the saved output is h's storage
                    "mm = N[names.index('MmBackward0')]\n"
                    "assert [t['name'] for t in mm['saved']] == ['self'] and mm['saved'][0]['sharesWith'] == ['x']\n"
                    "assert N[names.index('torch::autograd::AccumulateGrad')]['variable'] == 'w'\n"
                    "assert a['graphBytes'] == 2048 + 4096 and a['graphHiddenBytes'] == 0 and a['graphSaved'] == 2\n");
  // what only the graph keeps: drop the variables, the saved bytes stay
  REQUIRE(ran(s, "del h, x\n"));
  check_snapshot(s, "a = V['loss']['autograd']\n"
                    "assert a['graphHiddenBytes'] == 6144\n"
                    "assert snap['heap']['graphBytes'] == 6144\n"
                    "assert sorted(t['nbytes'] for t in A['saved'] if t['hidden']) == [2048, 4096]\n");
  REQUIRE(ran(s, "loss.backward()\n"));
  check_snapshot(s, "assert snap['heap']['graphBytes'] == 0 and A['saved'] == []\n"
                    "assert all(n['released'] for n in N if n['saved'])\n"
                    "assert V['loss']['autograd']['graphBytes'] == 0\n");
}

TEST_CASE("retain_graph keeps the saved tensors; the trace shows backward's bytes going", "[trace][autograd]") {
  sl::Session s;
  const std::string r = s.run_traced("import torch\n"
                                     "w = torch.ones(8, requires_grad=True)\n"
                                     "loss = (w.exp() * 2).sum()\n"
                                     "loss.backward(retain_graph=True)\n"
                                     "loss.backward()\n",
                                     false, 50);
  REQUIRE(s.set_json("run", r) == "{\"ok\":true}");
  const std::string c = s.run("st = run['trace']['steps']\n"
                              "g = [x.get('graph') for x in st]\n"
                              // exp's result (8 float32) and the 2 that mul wrapped (a 0-d float64)
                              "assert g[2] == {'savedBytes': 40, 'freedBytes': 0, 'newBytes': 40, 'bumped': []}, g[2]\n"
                              "assert g[3]['savedBytes'] == 40 and g[3]['freedBytes'] == 0, g[3]\n"
                              "assert g[4] == {'savedBytes': 0, 'freedBytes': 40, 'newBytes': 0, 'bumped': []}, g[4]\n",
                              false);
  INFO(c);
  CHECK(c.find("\"error\":null") != std::string::npos);
}

TEST_CASE("detach(), .data and .numpy() share their tensor's storage", "[snapshot][autograd]") {
  sl::Session s;
  REQUIRE(ran(s, "import torch\n"
                 "w = torch.zeros(4, requires_grad=True)\n"
                 "d = w.detach()\n"
                 "e = w.data\n"
                 "n = d.numpy()\n"
                 "c = w.clone()\n"));
  check_snapshot(s, "assert ['d', 'e', 'n', 'w'] in snap['shareGroups'], snap['shareGroups']\n"
                    "assert V['c']['storage'] != V['w']['storage']\n"
                    "assert V['d']['autograd']['requiresGrad'] is False if 'autograd' in V['d'] else True\n"
                    "assert V['c']['autograd']['gradFn'] == 'CloneBackward0'\n");
}

TEST_CASE("an optimizer's state tensors are listed per parameter, owned by the optimizer", "[snapshot][autograd]") {
  sl::Session s;
  REQUIRE(ran(s, "import torch\n"
                 "torch.manual_seed(0)\n"
                 "model = torch.nn.Linear(3, 2)\n"
                 "opt = torch.optim.Adam(model.parameters(), lr=0.1)\n"
                 "model(torch.ones(1, 3)).sum().backward()\n"));
  check_snapshot(s, "assert not any(k.startswith('opt.') for k in V), [k for k in V if k.startswith('opt')]\n"
                    "assert V['model.weight.grad']['gradOf'] == 'model.weight'\n");
  REQUIRE(ran(s, "opt.step()\n"));
  check_snapshot(s, "st = {k: v for k, v in V.items() if 'optimizerState' in v}\n"
                    "assert sorted(st) == sorted(\"opt.state[%s]['%s']\" % (p, k) for p in ('model.bias', 'model.weight') "
                    "for k in ('exp_avg', 'exp_avg_sq', 'step')), sorted(st)\n"
                    "m = st[\"opt.state[model.weight]['exp_avg']\"]\n"
                    "assert m['optimizerState'] == {'owner': 'opt', 'param': 'model.weight', 'key': 'exp_avg'}\n"
                    "assert m['shape'] == [2, 3] and m['storage'] != V['model.weight']['storage']\n"
                    "assert m['storage'] != V['model.weight.grad']['storage']\n");
}

TEST_CASE("the modified-by-an-inplace-operation error is explained from the write log", "[snapshot][autograd]") {
  sl::Session s;
  const std::string r = s.run("import torch\n"
                              "x = torch.ones(3, requires_grad=True)\n"
                              "y = x.exp()\n"
                              "v = y[1:]\n"
                              "v.mul_(2)\n"
                              "y.sum().backward()\n",
                              false);
  CHECK(r.find("is at version 1; expected version 0 instead") != std::string::npos);
  check_snapshot(s, "f = A['failure']\n"
                    "assert f['node'] == 'ExpBackward0' and f['slot'] == 'result', f\n"
                    "assert f['savedVersion'] == 0 and f['version'] == 1 and f['shape'] == [3]\n"
                    "assert f['savedLine'] == 3 and f['savedSource'] == 'y = x.exp()'\n"
                    "[w] = f['writes']\n"
                    "assert w['op'] == 'mul_' and w['line'] == 5 and w['source'] == 'v.mul_(2)', w\n"
                    "assert w['via'] == 'v' and w['viewOf'] == 'y' and w['throughView'] and w['version'] == 1\n"
                    "e = [n for n in N if n['name'] == 'ExpBackward0'][0]['saved'][0]\n"
                    "assert e['stale'] and e['version'] == 1 and e['savedVersion'] == 0\n");
  REQUIRE(ran(s, "z = 1\n"));  // the next run has no failure
  check_snapshot(s, "assert A['failure'] is None\n");
}

TEST_CASE("a step that bumps a saved tensor's version is marked in the trace", "[trace][autograd]") {
  sl::Session s;
  const std::string r = s.run_traced("import torch\n"
                                     "a = torch.ones(2, requires_grad=True)\n"
                                     "b = a.sigmoid()\n"
                                     "b[0] = 5\n"
                                     "c = 1\n",
                                     false, 50);
  REQUIRE(s.set_json("run", r) == "{\"ok\":true}");
  const std::string c = s.run("st = run['trace']['steps']\n"
                              "assert st[3]['graph']['bumped'] == [{'node': 'SigmoidBackward0', 'slot': 'result', "
                              "'savedVersion': 0, 'version': 1}], st[3]\n"
                              "assert 'graph' not in st[4], st[4]\n",  // b holds the saved bytes: nothing hidden, nothing new
                              false);
  INFO(c);
  CHECK(c.find("\"error\":null") != std::string::npos);
}

TEST_CASE("a saved tensor stale before the run is not marked on the run's first step", "[trace][autograd]") {
  sl::Session s;
  REQUIRE(ran(s, "import torch\n"
                 "a = torch.ones(2, requires_grad=True)\n"
                 "b = a.sigmoid()\n"
                 "b.mul_(3)\n"
                 "r = b.sum()\n"
                 "del b\n"));
  const std::string r = s.run_traced("c = 1\nr = None\n", false, 50);
  REQUIRE(s.set_json("run", r) == "{\"ok\":true}");
  // the graph behind r held the sigmoid's output (8 bytes, stale) and the mul's 3 (a 0-d int64)
  const std::string c = s.run("st = run['trace']['steps']\n"
                              "assert st[0]['graph'] == {'savedBytes': 16, 'freedBytes': 0, 'newBytes': 0, 'bumped': []}, st[0]\n"
                              "assert st[1]['graph'] == {'savedBytes': 0, 'freedBytes': 16, 'newBytes': 0, 'bumped': []}, st[1]\n",
                              false);
  INFO(c);
  CHECK(c.find("\"error\":null") != std::string::npos);
}
