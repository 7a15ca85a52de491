import type { ReactNode } from "react";

/** The frame of the short static pages: a heading, a lead and readable sections. */
export function StaticPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{title}</h1>
      {lead && <div className="mt-3 text-lg text-slate-700">{lead}</div>}
      <div className="mt-8 space-y-8">{children}</div>
    </main>
  );
}

export function StaticSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-2 space-y-2 leading-7 text-slate-700">{children}</div>
    </section>
  );
}
