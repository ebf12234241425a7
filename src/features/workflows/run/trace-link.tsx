import type { ReactNode } from 'react';
import { traceUrl, type TraceValues } from '@/domain/workflows/run/trace-link';

/** A value that links to the external trace view when config.json sets traceUrlTemplate. */
export function TraceLink({
  template,
  values,
  children,
}: {
  template: string | undefined;
  values: TraceValues;
  children: ReactNode;
}) {
  const href = template ? traceUrl(template, values) : null;
  if (!href) return <>{children}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title="Open in the trace view">
      {children}
    </a>
  );
}

/** "trace ↗" beside a value, only when the trace view has a link for it. */
export function TraceArrow({ template, values }: { template: string | undefined; values: TraceValues }) {
  const href = template ? traceUrl(template, values) : null;
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="small trace-arrow"
      title="Open in the trace view"
    >
      trace ↗
    </a>
  );
}
