import { ROLE_IDS } from '@gm/shared/auth/roles';
import { exportFiles, sellerDashboard } from '../../functions/src/lib/deps.ts';
import { downloadBuyerPdfInvoices } from '../../functions/src/services/seller/invoice-exports.ts';

/**
 * The export bench's measured process (scripts/bench/bench-exports.ts starts it with the local
 * cloud's environment): one zip export of a seller's period through the real service and adapters,
 * like the Lambda runs it. Prints one JSON line: time, the link, and the process's memory (resident
 * set and V8 heap, sampled every 5 ms, and the OS's maximum resident set size).
 */
const [sellerId, from, to] = process.argv.slice(2) as [string, string, string];
const mb = (bytes: number) => Math.round((bytes / 1024 ** 2) * 10) / 10;

// Load the modules and the clients before measuring (a warm container).
await sellerDashboard().invoicesInRange(sellerId, `${from}T00:00:00Z`, `${from}T00:00:01Z`);
const before = process.memoryUsage();
let peakRss = before.rss;
let peakHeap = before.heapUsed;
const sampler = setInterval(() => {
  const now = process.memoryUsage();
  peakRss = Math.max(peakRss, now.rss);
  peakHeap = Math.max(peakHeap, now.heapUsed);
}, 5);
const started = performance.now();
const link = await downloadBuyerPdfInvoices(
  { sellerDashboard: sellerDashboard(), exportFiles: exportFiles() },
  { userId: sellerId, role: 'seller', roleId: ROLE_IDS.seller, email: 'bench@example.test' },
  { from, to, zip: true },
);
const ms = performance.now() - started;
clearInterval(sampler);
const after = process.memoryUsage();
peakRss = Math.max(peakRss, after.rss);
peakHeap = Math.max(peakHeap, after.heapUsed);
console.log(
  JSON.stringify({
    ms,
    link,
    rss_before_mb: mb(before.rss),
    heap_before_mb: mb(before.heapUsed),
    peak_rss_mb: mb(peakRss),
    peak_heap_mb: mb(peakHeap),
    max_rss_mb: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
  }),
);
