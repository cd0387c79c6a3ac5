/**
 * The editable grid at 10,000 rows x 10 columns in headless Chromium (issue 12): render next to a
 * virtual antd Table with the same rows and columns, validate-all next to the same records through
 * each field's compiled property schema (what a form runs), and what one keystroke in one cell draws
 * again (cells whose content changed, counted with a MutationObserver; the goal is that cell alone).
 * Each run is a fresh page; the medians of five runs are reported. The render figure is the
 * component of the already fetched chunk; a second figure renders it through lazy() + Suspense as a
 * screen does, where React 19 reveals the boundary no sooner than 300 ms after its fallback showed.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openStaticPage } from '../browser/static-page.js';
import { fmtMs, median, ratio, type BenchRow } from './stats.js';

const PAGE_DIR = path.resolve('tests/bench/grid-page');
const OUT_DIR = path.resolve('.tmp/bench-grid-page');
const RUNS = 5;

interface PageFigures {
  renderMs?: number;
  validateMs?: number;
  baselineValidateMs?: number;
}

async function figures(page: Page): Promise<PageFigures> {
  return page.evaluate(() => (window as unknown as { __bench: PageFigures }).__bench);
}

async function rendered(browser: Browser, url: string): Promise<{ page: Page; renderMs: number }> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  page.on('pageerror', (error) => console.error(`grid bench page: ${error.message}`));
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __bench: PageFigures }).__bench.renderMs, null, {
    timeout: 60_000,
  });
  return { page, renderMs: (await figures(page)).renderMs! };
}

interface Touched {
  /** Cells whose content changed (childList / characterData): drawn again. */
  redrawn: number;
  /** Cells whose class or style only was set (Tabulator re-lays frozen columns after an edit). */
  restyled: number;
}

/** Types one character into the first task name and commits it; answers the cells it touched. */
async function keystrokeCells(page: Page): Promise<{ typing: Touched; commit: Touched }> {
  await page.locator('.tabulator-row').first().locator('.tabulator-cell[tabulator-field="taskName"]').click();
  await page.locator('.tabulator-cell.tabulator-editing input').waitFor();
  const watch = () =>
    page.evaluate(() => {
      const redrawn = new Set<Element>();
      const restyled = new Set<Element>();
      const observer = new MutationObserver((records) => {
        for (const r of records) {
          const node = r.target instanceof Element ? r.target : r.target.parentElement;
          const cell = node?.closest('.tabulator-cell');
          if (cell) (r.type === 'attributes' ? restyled : redrawn).add(cell);
        }
      });
      observer.observe(document.querySelector('.tabulator-tableholder')!, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['class', 'style'],
      });
      (window as unknown as { __stop: () => Touched }).__stop = () => {
        observer.disconnect();
        for (const cell of redrawn) restyled.delete(cell);
        return { redrawn: redrawn.size, restyled: restyled.size };
      };
    });
  const stop = () => page.evaluate(() => (window as unknown as { __stop: () => Touched }).__stop());
  await watch();
  await page.keyboard.type('x');
  await page.waitForTimeout(50);
  const typing = await stop();
  await watch();
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300); // the 100 ms blur validation included
  return { typing, commit: await stop() };
}

export async function benchGrid(): Promise<BenchRow[]> {
  const site = await openStaticPage(PAGE_DIR, OUT_DIR);
  const { browser, baseUrl: url } = site;
  const grid: number[] = [];
  const viaLazy: number[] = [];
  const table: number[] = [];
  const validate: number[] = [];
  const baseline: number[] = [];
  const none = { redrawn: 0, restyled: 0 };
  let cells = { typing: none, commit: none };
  try {
    for (let i = 0; i < RUNS; i++) {
      // Alternate, so that neither side always runs on a warmer machine.
      const g = await rendered(browser, `${url}/?mode=grid`);
      grid.push(g.renderMs);
      await g.page.click('#validate');
      validate.push((await figures(g.page)).validateMs!);
      if (i === 0) cells = await keystrokeCells(g.page);
      await g.page.close();
      const l = await rendered(browser, `${url}/?mode=grid&lazy`);
      viaLazy.push(l.renderMs);
      await l.page.close();
      const t = await rendered(browser, `${url}/?mode=table`);
      table.push(t.renderMs);
      await t.page.click('#validate');
      baseline.push((await figures(t.page)).baselineValidateMs!);
      await t.page.close();
    }
  } finally {
    await site.close();
  }
  return [
    {
      figure: 'render 10,000 rows x 10 columns (median of 5; goal <= 500 ms)',
      value: fmtMs(median(grid)),
      baseline: `virtual antd Table ${fmtMs(median(table))}`,
      ratio: ratio(median(grid), median(table)),
    },
    {
      figure: 'the same through lazy() + Suspense (React holds the reveal >= 300 ms after the fallback)',
      value: fmtMs(median(viaLazy)),
      baseline: `virtual antd Table ${fmtMs(median(table))}`,
      ratio: ratio(median(viaLazy), median(table)),
    },
    {
      figure: 'validate all 10,000 rows (median of 5; goal <= 300 ms)',
      value: fmtMs(median(validate)),
      baseline: `the fields' compiled schemas over the rows ${fmtMs(median(baseline))}`,
      ratio: ratio(median(validate), median(baseline)),
    },
    {
      figure: 'cells drawn again by one keystroke, while typing / on commit (goal: 1)',
      value: `${cells.typing.redrawn} / ${cells.commit.redrawn}`,
      baseline: `1 cell (class or style only: ${cells.typing.restyled} / ${cells.commit.restyled})`,
      ratio: `${cells.typing.redrawn}x / ${cells.commit.redrawn}x`,
    },
  ];
}
