import { accuracyBand, TONE_BAR, TONE_TEXT } from "@/lib/client/bands";

/** Factual accuracy 0..100 with the SPEC §9 band ('Excellent' / 'Good' / 'Needs Review') and colour. */
export function AccuracyGauge({ score, method }: { score: number; method?: string }) {
  const band = accuracyBand(score);
  const value = Math.round(score);
  return (
    <div className="rounded-lg border border-slate-200 p-4" data-testid="accuracy-gauge">
      <p className="text-sm font-semibold text-slate-900">Factual Accuracy</p>
      <p className="mt-1 flex items-baseline gap-2">
        <span className={`text-3xl font-bold ${TONE_TEXT[band.tone]}`}>{value}%</span>
        <span className={`text-sm font-semibold ${TONE_TEXT[band.tone]}`} data-testid="accuracy-band">
          {band.label}
        </span>
      </p>
      <div role="meter" aria-label="Factual accuracy" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200">
        <div className={`h-full ${TONE_BAR[band.tone]}`} style={{ width: `${value}%` }} />
      </div>
      {method && <p className="mt-2 text-xs text-slate-700">{method}</p>}
    </div>
  );
}
