import { describe, expect, it } from "vitest";

import { formatCount, formatHoa, formatPrice, introParagraph } from "./format";

describe("introParagraph", () => {
  it("keeps the text before the first blank line", () => {
    const text = "I found 5 homes in Austin under $500,000.\n\n1. 12 Oak St — $450,000\n2. 7 Elm Ave";
    expect(introParagraph(text)).toBe("I found 5 homes in Austin under $500,000.");
  });

  it("keeps single line breaks inside the first paragraph", () => {
    expect(introParagraph("Line one\nline two\n\nRest")).toBe("Line one\nline two");
  });

  it("treats blank lines with spaces or CRLF as paragraph breaks", () => {
    expect(introParagraph("Intro\r\n  \r\nRest")).toBe("Intro");
  });

  it("returns the whole text when there is one paragraph", () => {
    expect(introParagraph("Just this.")).toBe("Just this.");
  });

  it("skips leading blank lines", () => {
    expect(introParagraph("\n\nIntro\n\nRest")).toBe("Intro");
  });
});

describe("formatting", () => {
  it("formats prices and missing values", () => {
    expect(formatPrice(489000)).toBe("$489,000");
    expect(formatPrice(null)).toBe("—");
    expect(formatCount(2.5, "ba")).toBe("2.5 ba");
    expect(formatCount(undefined, "bd")).toBe("—");
    expect(formatHoa(120)).toBe("$120/mo");
  });
});
