import type { ComponentPropsWithoutRef } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * Assistant prose as Markdown (GitHub flavour: lists, links, headings, tables, code), through
 * react-markdown: raw HTML is never rendered (it shows as text), unsafe link schemes are
 * dropped by its default URL filter, and links open in a new tab without access to this one.
 * Images are never loaded: an answer could carry data out in an image URL the browser would
 * fetch on its own, so an image shows as a link the user may choose to open.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <div className="markdown flex flex-col gap-2 break-words">
      <Markdown remarkPlugins={[remarkGfm]} components={COMPONENTS}>
        {text}
      </Markdown>
    </div>
  );
}

function Link({ node: _node, ...props }: ComponentPropsWithoutRef<"a"> & { node?: unknown }) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer" className="text-teal-700 underline hover:text-teal-900" />
  );
}

function Image({ src, alt }: ComponentPropsWithoutRef<"img"> & { node?: unknown }) {
  const label = `image: ${alt || "untitled"}`;
  return typeof src === "string" && src ? <Link href={src}>{label}</Link> : <span>[{label}]</span>;
}

const COMPONENTS: Components = {
  a: Link,
  img: Image,
  strong: ({ children }) => <strong className="font-semibold text-slate-900">{children}</strong>,
  p: ({ children }) => <p className="whitespace-pre-wrap">{children}</p>,
  ul: ({ children }) => <ul className="ml-5 list-disc space-y-1">{children}</ul>,
  ol: ({ children }) => <ol className="ml-5 list-decimal space-y-1">{children}</ol>,
  h1: ({ children }) => <h3 className="text-lg font-semibold text-slate-900">{children}</h3>,
  h2: ({ children }) => <h3 className="text-base font-semibold text-slate-900">{children}</h3>,
  h3: ({ children }) => <h4 className="font-semibold text-slate-900">{children}</h4>,
  table: ({ children }) => (
    <div className="overflow-x-auto">
      <table className="min-w-full border-collapse text-sm">{children}</table>
    </div>
  ),
  th: ({ children }) => <th className="border border-slate-200 bg-slate-50 px-2 py-1 text-left font-semibold">{children}</th>,
  td: ({ children }) => <td className="border border-slate-200 px-2 py-1">{children}</td>,
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 font-mono text-sm">{children}</code>,
  pre: ({ children }) => <pre className="overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm">{children}</pre>,
};
