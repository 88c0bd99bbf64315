import { chromium } from 'playwright-core';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
const base = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const sets = { base: [], noSiteIso: ['--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process'], noGpuComp: ['--disable-gpu-compositing', '--disable-software-rasterizer'], inProcGpu: ['--in-process-gpu'], both: ['--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process', '--in-process-gpu'] };
const cpuAll = () => { const s = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number); return (s[0] + s[1] + s[2]) / 100; };
for (const round of [1, 2]) for (const [name, extra] of Object.entries(sets)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'l-'));
  const c0 = cpuAll(); const t0 = Date.now();
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', headless: true, args: [...base, ...extra], viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });
  for (let i = 0; i < 3; i++) for (const h of ['/pages/tabbar/index', '/pages/goods/goodsInfo?id=22', '/pages/login/index']) {
    const p = await ctx.newPage(); await p.goto(`http://127.0.0.1:34001/h5/#${h}`); await p.waitForLoadState('networkidle'); await p.close();
  }
  await ctx.close(); fs.rmSync(dir, { recursive: true, force: true });
  console.log(round, name.padEnd(10), 'machine cpu', (cpuAll() - c0).toFixed(1), 's  wall', ((Date.now() - t0) / 1000).toFixed(1));
}
