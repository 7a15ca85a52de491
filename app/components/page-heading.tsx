import type { ReactNode } from "react";

export function PageHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {children && <div className="mt-2 text-slate-700">{children}</div>}
    </div>
  );
}
