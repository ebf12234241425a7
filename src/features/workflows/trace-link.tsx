import type { ReactNode } from 'react';
import { traceUrl, type TraceValues } from '@/domain/workflows/trace-link';

/** A value that links to the external trace view when config.json sets traceUrlTemplate. */
export function TraceLink({ template, values, children }: { template: string | undefined; values: TraceValues; children: ReactNode }) {
  const href = template ? traceUrl(template, values) : null;
  if (!href) return <>{children}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title="Open in the trace view">
      {children}
    </a>
  );
}
