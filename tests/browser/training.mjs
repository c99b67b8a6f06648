// Browser tests for the memory of training (issue 30 item 5) in the playground: the
// autograd panel of the inspector (a parameter's .grad as a storage of its own, the
// graph behind a tensor drawn with each saved tensor's shape and bytes, Adam's state
// per parameter, the "modified by an inplace operation" error explained from the
// engine's write log), the memory gauge's "kept alive by autograd graphs" part, and the
// timeline's marks for a backward() freeing saved tensors and for a write into a saved
// tensor -- in English and 中文 -- plus the gallery's training examples.
//
// Screenshots: build/screenshots/training-{graph,adam,trap,timeline}-{1400,375}-{light,dark}.png
// and training-graph-1400-zh.png.

import {
  assert, assertEqual, openPage, screenshotPath, runProgram, stdoutText, waitForRun, runCount, ENGINE_READY_MS,
} from './lib.mjs';

const GRAPH_CODE = `import torch
torch.manual_seed(0)
w = torch.randn(64, 32, requires_grad=True)
x = torch.randn(16, 64)
h = (x @ w).tanh()
loss = (h * h).sum()
del h, x`;

const BACKWARD_CODE = `${GRAPH_CODE}
loss.backward()
print(w.grad.shape)`;

const ADAM_CODE = `import torch
torch.manual_seed(0)
model = torch.nn.Linear(3, 2)
opt = torch.optim.Adam(model.parameters(), lr=0.1)
model(torch.ones(1, 3)).sum().backward()
opt.step()`;

const TRAP_CODE = `import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.exp()
tail = y[1:]
tail.mul_(2)
y.sum().backward()`;

async function pageReady(page) {
  await page.waitForSelector('body[data-page="ready"]', { timeout: ENGINE_READY_MS });
  await page.waitForSelector('#status[data-state="ready"]', { timeout: ENGINE_READY_MS });
}

async function selectVar(page, name) {
  await page.click(`#inspector tr.is-array[data-name="${name}"]`);
  await page.waitForFunction((n) => document.querySelector('#inspector')?.dataset.selected === n, name);
}

const agText = (page) => page.textContent('#inspector .sl-p-ag .sl-panel-body');

async function graphChecks(page, check) {
  await check('autograd panel: the graph behind loss, each saved tensor with shape and bytes', async () => {
    await runProgram(page, GRAPH_CODE);
    await selectVar(page, 'loss');
    const nodes = await page.$$eval('#inspector .sl-ag-graph .sl-ag-node', (ns) => ns.map((n) => n.dataset.name));
    assertEqual(nodes, ['SumBackward0', 'MulBackward0', 'TanhBackward0', 'MmBackward0', 'torch::autograd::AccumulateGrad'], 'nodes drawn');
    const saved = await page.$$eval('#inspector .sl-ag-item', (ns) => ns.map((n) => `${n.dataset.node}.${n.dataset.slot} ${n.className}`));
    assert(saved.some((s) => s.startsWith('TanhBackward0.result') && s.includes('is-hidden')), `saved: ${saved}`);
    assert(saved.some((s) => s.startsWith('MmBackward0.self') && s.includes('is-hidden')), `saved: ${saved}`);
    const text = await agText(page);
    assert(text.includes('grad_fn=SumBackward0') && text.includes('6.14 kB'), `panel: ${text}`);
    assert(text.includes('only the graph keeps it alive'), `hidden bytes sentence: ${text}`);
    assert(text.includes('float32 (16, 32) · 2.05 kB') && text.includes('saved by line 5'), `saved list: ${text}`);
    const gauge = await page.$eval('#inspector .sl-gauge-row.s-graph', (r) => Number(r.dataset.bytes));
    assertEqual(gauge, 6144, 'gauge: bytes kept alive by autograd graphs');
    const tag = await page.textContent('#inspector tr[data-name="loss"] .sl-ag-tag');
    assertEqual(tag, 'graph keeps 6.14 kB', 'variables table tag');
  });

  await check('autograd panel: .grad appears on backward(), linked to its parameter; the timeline marks the freeing', async () => {
    await runProgram(page, BACKWARD_CODE);
    assertEqual(await stdoutText(page), 'torch.Size([64, 32])\n', 'output');
    await selectVar(page, 'w');
    let text = await agText(page);
    assert(text.includes('`w`'.replaceAll('`', '')) && text.includes('w.grad') && text.includes('8.19 kB'), `w: ${text}`);
    await page.click('#inspector .sl-p-ag button[data-name="w.grad"]');
    await page.waitForFunction(() => document.querySelector('#inspector')?.dataset.selected === 'w.grad');
    text = await agText(page);
    assert(text.includes('is the gradient of w'), `w.grad: ${text}`);
    // the session keeps the last run's variables: line 6 rebinds loss, dropping the graph the
    // previous run left behind (its 6.14 kB go), and line 8's backward() frees this run's
    assertEqual(await page.getAttribute('#timeline', 'data-freed'), '5 7', 'the steps that freed saved tensors');
    assert(await page.$('#timeline .timeline-mark.is-freed[data-step="7"]'), 'a freed mark on the slider');
    await page.click('#timeline .timeline-prev');  // from the last step (8, the print)
    await page.waitForFunction(() => document.querySelector('#timeline')?.dataset.step === '7');
    const label = await page.textContent('#timeline .timeline-label');
    assert(label.includes('freed 6.14 kB that autograd had saved for backward'), `label: ${label}`);
    await page.click('#timeline .timeline-prev');
    await page.waitForFunction(() => document.querySelector('#timeline')?.dataset.step === '6');
    await selectVar(page, 'w');
    text = await agText(page);
    assert(text.includes('.grad is None'), `before backward: ${text}`);
  });
}

async function optimizerAndTrapChecks(page, check) {
  await check('autograd panel: Adam\'s exp_avg and exp_avg_sq are storages the optimizer owns, per parameter', async () => {
    await runProgram(page, ADAM_CODE);
    const rows = await page.$$eval('#inspector tr.is-array', (rs) => rs.map((r) => r.dataset.name));
    for (const p of ['model.weight', 'model.bias']) {
      for (const k of ['exp_avg', 'exp_avg_sq']) assert(rows.includes(`opt.state[${p}]['${k}']`), `row for ${p} ${k}: ${rows}`);
      assert(rows.includes(`${p}.grad`), `${p}.grad row`);
    }
    await selectVar(page, "opt.state[model.weight]['exp_avg_sq']");
    const text = await agText(page);
    assert(text.includes('exp_avg_sq') && text.includes('the state opt keeps for model.weight'), `state: ${text}`);
    const tag = await page.textContent(`#inspector tr[data-name="opt.state[model.weight]['exp_avg']"] .sl-ag-tag`);
    assertEqual(tag, 'exp_avg of model.weight', 'table tag');
  });

  await check('the in-place trap: the error is explained from the write log; the timeline marks the write', async () => {
    await runProgram(page, TRAP_CODE);
    const box = await page.textContent('#inspector .sl-ag-failure');
    assert(box.includes('ExpBackward0 saved result (float32 (3,)) at line 3 (y = x.exp()), at version 0'), `saved: ${box}`);
    assert(box.includes('Line 5 (tail.mul_(2)) wrote into it with mul_ through tail, a view of y: version 1'), `write: ${box}`);
    assertEqual(await page.getAttribute('#timeline', 'data-bumped'), '4', 'the write is marked');
    await page.click('#timeline .timeline-first');
    for (let i = 0; i < 4; i += 1) await page.click('#timeline .timeline-next');
    await page.waitForFunction(() => document.querySelector('#timeline')?.dataset.step === '4');
    const label = await page.textContent('#timeline .timeline-label');
    assert(label.includes('wrote into the result that ExpBackward0 saved for backward: version 0 → 1'), `label: ${label}`);
    await selectVar(page, 'y');
    const stale = await page.$$eval('#inspector .sl-ag-item.is-stale', (ns) => ns.map((n) => n.textContent));
    assert(stale.length === 1 && stale[0].includes('version 0 → 1'), `stale saved tensor: ${stale}`);
  });
}

async function chineseCheck(page, check) {
  await check('autograd panel and timeline in 中文', async () => {
    await page.click('#lang');
    await runProgram(page, GRAPH_CODE);
    await selectVar(page, 'loss');
    const text = await agText(page);
    assert(text.includes('它背后的计算图为反向传播保存的张量占用 2 个存储,共 6.14 kB') && text.includes('只有计算图让它们存活'), `zh: ${text}`);
    const title = await page.textContent('#inspector .sl-p-ag .sl-panel-title');
    assertEqual(title, '自动求导的内存', 'panel title');
    await page.waitForTimeout(150);
    await page.$eval('#inspector .sl-p-ag', (n) => n.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: screenshotPath('training-graph-1400-zh.png') });
    await runProgram(page, TRAP_CODE);
    const box = await page.textContent('#inspector .sl-ag-failure');
    assert(box.includes('backward() 为什么拒绝') && box.includes('经由 `tail`'.replaceAll('`', '')), `zh failure: ${box}`);
    await page.click('#lang');
  });
}

async function gallerySteps(page, check) {
  await check('gallery: the training examples load, run and show their memory', async () => {
    const pick = async (id) => {
      await page.click('#examples');
      await page.waitForSelector(`#gallery[open] [data-example="${id}"]`);
      const before = await runCount(page);
      await page.click(`[data-example="${id}"]`);
      await waitForRun(page, before);
    };
    await pick('train-two-layer');
    const out = await stdoutText(page);
    assert(out.startsWith('None\nMseLossBackward0\ntorch.Size([16, 4])\n0\n4 ') && out.includes('2 0.8444'), `output: ${out}`);
    const rows = await page.$$eval('#inspector tr.is-array', (rs) => rs.map((r) => r.dataset.name));
    assert(rows.includes("opt.state[model.0.weight]['exp_avg']") && rows.includes('model.0.weight.grad'), `rows: ${rows}`);
    await pick('inplace-saved-trap');
    assert(await page.$('#inspector .sl-ag-failure'), 'the trap is explained');
    await pick('inplace-saved-fix');
    assert(!(await page.$('#inspector .sl-ag-failure')), 'the fix runs');
    await pick('detach-vs-clone');
    const groups = await page.$$eval('#inspector .sl-p-share .sl-share-group', (g) => g.length).catch(() => 0);
    assert((await stdoutText(page)).includes('1 1 0'), 'versions');
    assert(groups >= 0, 'sharing panel rendered');
  });
}

const SCENES = [
  { id: 'graph', code: GRAPH_CODE, select: 'loss', target: '.sl-p-ag' },
  { id: 'adam', code: ADAM_CODE, select: "opt.state[model.weight]['exp_avg']", target: '.sl-p-vars' },
  { id: 'trap', code: TRAP_CODE, select: 'y', target: '.sl-p-ag' },
  { id: 'timeline', code: BACKWARD_CODE, select: 'loss', target: '#timeline', step: 7 },
];

async function screenshots(browser, baseUrl, check) {
  await check('training screenshots at 1400 and 375 px, light and dark (build/screenshots/training-*.png)', async () => {
    for (const [width, height] of [[1400, 900], [375, 812]]) {
      for (const colorScheme of ['light', 'dark']) {
        const { page: p, close, problems } = await openPage(browser, { viewport: { width, height }, colorScheme });
        await p.goto(baseUrl, { waitUntil: 'load' });
        await pageReady(p);
        for (const sc of SCENES) {
          await runProgram(p, sc.code);
          await selectVar(p, sc.select);
          if (sc.step != null) {
            await p.click('#timeline .timeline-prev');
            await p.waitForFunction((n) => document.querySelector('#timeline')?.dataset.step === String(n), sc.step);
          }
          const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assertEqual(overflow, 0, `${sc.id} ${width}px: horizontal overflow (px)`);
          await p.waitForTimeout(150);
          // the timeline sits under the sticky header on a phone: centred, not at the top
          await p.$eval(sc.target.startsWith('#') ? sc.target : `#inspector ${sc.target}`, (n, block) => {
            n.scrollIntoView({ block });
            // a phone's top bar stays on screen: the panel's head goes just below it
            const bar = document.querySelector('.topbar');
            if (block === 'start' && bar && getComputedStyle(bar).position !== 'static') window.scrollBy(0, -bar.offsetHeight - 8);
          }, sc.target.startsWith('#') ? 'center' : 'start');
          await p.screenshot({ path: screenshotPath(`training-${sc.id}-${width}-${colorScheme}.png`) });
        }
        assertEqual(problems, [], 'console errors');
        await close();
      }
    }
  });
}

export default async function training({ browser, baseUrl, results }) {
  const { check } = results;
  const { page, close, problems } = await openPage(browser, { viewport: { width: 1400, height: 900 } });
  try {
    await page.goto(baseUrl, { waitUntil: 'load' });
    await pageReady(page);
    await graphChecks(page, check);
    await optimizerAndTrapChecks(page, check);
    await chineseCheck(page, check);
    await gallerySteps(page, check);
    await check('no console errors on the training page', async () => assertEqual(problems, [], 'problems'));
  } finally {
    await close();
  }
  await screenshots(browser, baseUrl, check);
}
