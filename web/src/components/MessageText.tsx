import { Fragment } from "react";

/**
 * Assistant prose with line breaks kept and `**bold**` shown as bold: the only markdown the
 * models use in practice, so no markdown library (and no HTML injection) is needed.
 */
export function MessageText({ text }: { text: string }) {
  const parts = text.split(/\*\*([^*\n]+)\*\*/g);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <strong key={index} className="font-semibold text-slate-900">
            {part}
          </strong>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
