import { clusterArticles } from "@/lib/cluster/cluster-articles";
import { generateSyntheticNews } from "./scripts/bench/synthetic-news";
const size = Number(process.argv[2]);
const { articles } = generateSyntheticNews(size) as any;
clusterArticles(articles.slice(0, 1000));
const t = process.cpuUsage();
clusterArticles(articles);
const u = process.cpuUsage(t);
console.log(size, ((u.user + u.system) / 1000).toFixed(0), "ms cpu");
