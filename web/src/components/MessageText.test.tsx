import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { MessageText } from "./MessageText";

describe("MessageText", () => {
  it("shows **bold** as bold and keeps the rest as text", () => {
    const { container } = render(<MessageText text={"**12 Oak St** is <b>nice</b>"} />);
    expect(container.querySelector("strong")).toHaveTextContent("12 Oak St");
    expect(container.querySelector("b")).toBeNull();
    expect(container).toHaveTextContent("12 Oak St is <b>nice</b>");
  });
});
