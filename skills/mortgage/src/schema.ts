// GET /schema: the system prompt and the tools (OpenAI function definitions + x-propsearch, C1).

const COST_PROPERTIES = {
  rate_percent: { type: "number", description: "Annual interest rate in percent, e.g. 6.5" },
  term_years: { type: "number", description: "Loan term in years (default 30)" },
  property_tax_rate_percent: {
    type: "number",
    description:
      "Yearly property tax as a percent of the price: the listing's tax_rate_percent " +
      "(default 1.98, the Austin-area rate, marked as an estimate)",
  },
  insurance_annual: {
    type: "number",
    description: "Home insurance per year in dollars (default 0.5% of the price, an estimate)",
  },
  hoa_monthly: { type: "number", description: "HOA fee per month: the listing's hoa_fee (else left out)" },
  down_payment_percent: { type: "number", description: "Down payment in percent (default 20)" },
};

export const SCHEMA = {
  system_prompt:
    "Use mortgage_payment for what a home would cost per month (pass the listing's price, " +
    "tax_rate_percent and hoa_fee when known) and mortgage_affordability for the highest price " +
    "a monthly budget allows. Never do mortgage arithmetic yourself; say which costs are " +
    "estimates and which the result leaves out.",
  tools: [
    {
      type: "function",
      function: {
        name: "mortgage_payment",
        description:
          "Itemised monthly cost of buying a home: principal and interest, property tax, " +
          "insurance and HOA. Give down_payment_percent or down_payment (an amount), not both.",
        parameters: {
          type: "object",
          properties: {
            price: { type: "number", description: "Purchase price in dollars" },
            down_payment: { type: "number", description: "Down payment in dollars" },
            label: { type: "string", description: "What is being bought, e.g. the address" },
            ...COST_PROPERTIES,
          },
          required: ["price", "rate_percent"],
          additionalProperties: false,
        },
      },
      "x-propsearch": {
        guest: true,
        label: "Calculating the monthly payment…",
        renders: "mortgage",
        summary: "${monthly.total} a month",
      },
    },
    {
      type: "function",
      function: {
        name: "mortgage_affordability",
        description:
          "The highest home price whose monthly cost (principal and interest, property tax, " +
          "insurance, HOA) fits a monthly budget.",
        parameters: {
          type: "object",
          properties: {
            monthly_budget: { type: "number", description: "Monthly housing budget in dollars" },
            ...COST_PROPERTIES,
          },
          required: ["monthly_budget", "rate_percent"],
          additionalProperties: false,
        },
      },
      "x-propsearch": {
        guest: true,
        label: "Working out what you can afford…",
        renders: "mortgage",
        summary: "up to ${price}",
      },
    },
  ],
};
