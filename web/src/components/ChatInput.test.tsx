import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { ChatInput } from "./ChatInput";

describe("ChatInput", () => {
  it("sends on Enter and clears", async () => {
    const onSend = vi.fn();
    render(<ChatInput disabled={false} onSend={onSend} />);
    const input = screen.getByLabelText("Message PropSearch");
    await userEvent.type(input, "hello{Enter}");
    expect(onSend).toHaveBeenCalledWith("hello");
    expect(input).toHaveValue("");
  });

  it("adds a newline on Shift+Enter", async () => {
    const onSend = vi.fn();
    render(<ChatInput disabled={false} onSend={onSend} />);
    const input = screen.getByLabelText("Message PropSearch");
    await userEvent.type(input, "a{Shift>}{Enter}{/Shift}b");
    expect(onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue("a\nb");
  });

  it("is disabled while streaming", () => {
    render(<ChatInput disabled onSend={() => {}} />);
    expect(screen.getByLabelText("Message PropSearch")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Send message" })).toBeDisabled();
  });
});
