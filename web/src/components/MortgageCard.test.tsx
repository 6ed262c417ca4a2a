import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { asMortgage, MortgageCard, type MortgageResult } from "./MortgageCard";

const payment: MortgageResult = {
  type: "mortgage",
  kind: "payment",
  label: "2 Elm St, Austin, TX",
  price: 425000,
  down_payment: 85000,
  down_payment_percent: 20,
  loan_amount: 340000,
  rate_percent: 6.5,
  term_years: 30,
  monthly: { principal_interest: 2149.03, property_tax: 0, insurance: 0, hoa: 45, total: 2194.03 },
  assumptions: ["property tax not included (property_tax_rate_percent)", "insurance not included (insurance_annual)"],
};

describe("MortgageCard", () => {
  it("itemises the monthly cost of a home, leaving out zero items", () => {
    render(<MortgageCard result={payment} />);
    const card = screen.getByRole("region", { name: "Mortgage payment" });
    expect(within(card).getByText("2 Elm St, Austin, TX")).toBeInTheDocument();
    expect(screen.getByTestId("mortgage-headline")).toHaveTextContent("$2,194/mo");
    expect(within(card).getByText("Principal & interest").nextSibling).toHaveTextContent("$2,149");
    expect(within(card).getByText("HOA").nextSibling).toHaveTextContent("$45");
    expect(within(card).queryByText("Property tax")).not.toBeInTheDocument();
    expect(within(card).getByText(/20% down \(\$85,000\)/)).toBeInTheDocument();
    expect(within(card).getByText("Not included: property tax, insurance")).toBeInTheDocument();
  });

  it("shows the highest affordable price for an affordability result", () => {
    render(<MortgageCard result={{ ...payment, kind: "affordability", label: undefined, price: 457558, monthly_budget: 3000, assumptions: [] }} />);
    expect(screen.getByRole("region", { name: "Affordability" })).toBeInTheDocument();
    expect(screen.getByText("What you can afford")).toBeInTheDocument();
    expect(screen.getByTestId("mortgage-headline")).toHaveTextContent("up to $457,558");
  });

  it("recognises only mortgage data", () => {
    expect(asMortgage(payment)).toBe(payment);
    expect(asMortgage({ type: "listings", items: [] })).toBeUndefined();
    expect(asMortgage(undefined)).toBeUndefined();
  });
});
