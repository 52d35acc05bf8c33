import lighthouse from "lighthouse";
import desktop from "lighthouse/core/config/desktop-config.js";
import * as chromeLauncher from "chrome-launcher";
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const r = await lighthouse("http://127.0.0.1:3300/", { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] }, process.argv[2] === "mobile" ? undefined : desktop);
const a = r.lhr.audits;
for (const id of ["layout-shifts", "cumulative-layout-shift", "long-tasks", "bootup-time", "total-blocking-time"]) {
  console.log("==", id, a[id]?.displayValue ?? "");
  for (const item of (a[id]?.details?.items ?? []).slice(0, 8)) console.log(JSON.stringify(item).slice(0, id === "layout-shifts" ? 3000 : 300));
}
chrome.kill();
