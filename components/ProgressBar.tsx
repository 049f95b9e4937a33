interface Props {
  label: string;
  done: number;
  total: number;
}

/** A determinate progress bar with its numbers exposed to assistive technology. */
export function ProgressBar({ label, done, total }: Props) {
  const percent = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return (
    <div
      class="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={`${done} of ${total}`}
    >
      <div class="progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
