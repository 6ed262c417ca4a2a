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
  tax_rate_percent: 0,
  monthly: { principal_interest: 2149.03, property_tax: 0, insurance: 0, hoa: 45, total: 2194.03 },
  total_interest: 433650.8,
  assumptions: [],
  estimates: [],
  not_included: [],
};
const estimated: MortgageResult = {
  ...payment,
  tax_rate_percent: 1.98,
  monthly: { principal_interest: 2149.03, property_tax: 701.25, insurance: 177.08, hoa: 0, total: 3027.36 },
  estimates: ["property_tax", "insurance"],
  not_included: ["hoa"],
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
    expect(within(card).queryByText(/Not included/)).not.toBeInTheDocument();
    expect(within(card).queryByTestId("mortgage-estimate")).not.toBeInTheDocument();
  });

  it("marks estimated costs and names what is left out", () => {
    render(<MortgageCard result={estimated} />);
    const card = screen.getByRole("region", { name: "Mortgage payment" });
    expect(within(card).getAllByTestId("mortgage-estimate")).toHaveLength(2);
    expect(within(card).getByText("Property tax").closest("dt")?.nextSibling).toHaveTextContent("$701");
    expect(within(card).getByText("Not included: HOA")).toBeInTheDocument();
    expect(within(card).getByTestId("mortgage-tax-note")).toHaveTextContent("1.98% a year, the Austin-area rate");
    expect(within(card).getByTestId("mortgage-tax-note")).toHaveTextContent("Insurance estimated");
  });

  it("says a listing's own tax rate is its own", () => {
    render(<MortgageCard result={{ ...estimated, tax_rate_percent: 2.21, estimates: ["insurance"] }} />);
    expect(screen.getAllByTestId("mortgage-estimate")).toHaveLength(1);
    expect(screen.getByTestId("mortgage-tax-note")).toHaveTextContent("2.21% a year, this home's own rate");
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
