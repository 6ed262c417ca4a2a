"""The TypeScript mortgage skill under the process backend: real node workers via the pool."""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from agent_graph.skills.backends.pool import ContainerPool, SkillCallError
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.model.manifest import load_skill
from agent_graph.skills.registry import SkillRegistry
from tests.skill_env import SKILLS_DIR, ensure_skill_envs

MORTGAGE_DIR = SKILLS_DIR / "mortgage"


@pytest.fixture(scope="module", autouse=True)
def _built() -> None:
    ensure_skill_envs()


@pytest.fixture
async def pool(free_port_base: int) -> AsyncIterator[ContainerPool]:
    pool = ContainerPool(load_skill(MORTGAGE_DIR), ProcessBackend(), PortAllocator(free_port_base))
    await pool.start()
    yield pool
    await pool.close()


async def test_schema_announces_both_tools_with_mortgage_renderer(pool: ContainerPool) -> None:
    schema = await pool.get_json("/schema")
    tools = {t["function"]["name"]: t for t in schema["tools"]}
    assert set(tools) == {"mortgage_payment", "mortgage_affordability"}
    for tool in tools.values():
        assert tool["x-propsearch"]["renders"] == "mortgage"
        assert tool["x-propsearch"]["guest"] is True


async def test_monthly_payment_is_itemised(pool: ContainerPool) -> None:
    result = await pool.call(
        "mortgage_payment",
        {
            "price": 450_000,
            "down_payment_percent": 20,
            "rate_percent": 6.5,
            "property_tax_rate_percent": 1.8,
            "insurance_annual": 1800,
            "hoa_monthly": 50,
            "label": "123 Main St",
        },
    )
    assert result["type"] == "mortgage" and result["kind"] == "payment"
    assert result["loan_amount"] == 360_000
    monthly = result["monthly"]
    # 360k at 6.5% over 30 years: the standard amortisation formula gives $2,275.44
    assert monthly["principal_interest"] == pytest.approx(2275.44, abs=0.01)
    assert monthly["property_tax"] == 675.0
    assert monthly["insurance"] == 150.0
    assert monthly["hoa"] == 50.0
    assert monthly["total"] == pytest.approx(2275.44 + 675 + 150 + 50, abs=0.01)
    assert result["label"] == "123 Main St"
    assert result["assumptions"] == []
    assert result["estimates"] == [] and result["not_included"] == []


async def test_down_payment_amount_and_zero_rate(pool: ContainerPool) -> None:
    result = await pool.call(
        "mortgage_payment",
        {"price": 120_000, "down_payment": 60_000, "rate_percent": 0, "term_years": 10},
    )
    assert result["down_payment_percent"] == 50
    assert result["monthly"]["principal_interest"] == 500.0


async def test_what_the_caller_leaves_out_is_estimated_and_said_so(pool: ContainerPool) -> None:
    """A buyer's monthly cost counts tax and insurance: the Austin-area tax rate and an
    insurance estimate stand in, each marked; an HOA nobody knows is left out and said so."""
    result = await pool.call("mortgage_payment", {"price": 400_000, "rate_percent": 6})
    monthly = result["monthly"]
    assert monthly["property_tax"] == 660.0  # 1.98% of 400k a year
    assert monthly["insurance"] == pytest.approx(166.67, abs=0.01)  # 0.5% of 400k a year
    assert monthly["total"] == pytest.approx(monthly["principal_interest"] + 660 + 166.67, abs=0.01)
    assert result["estimates"] == ["property_tax", "insurance"]
    assert result["not_included"] == ["hoa"]
    assert any("1.98%" in a for a in result["assumptions"])
    own = await pool.call(
        "mortgage_payment",
        {"price": 400_000, "rate_percent": 6, "property_tax_rate_percent": 2.21},
    )
    assert own["monthly"]["property_tax"] == pytest.approx(736.67, abs=0.01)
    assert own["estimates"] == ["insurance"]


async def test_affordability_counts_the_same_estimated_costs(pool: ContainerPool) -> None:
    afford = await pool.call("mortgage_affordability", {"monthly_budget": 3000, "rate_percent": 6})
    assert afford["monthly"]["total"] == pytest.approx(3000, abs=1)
    assert afford["monthly"]["property_tax"] > 0 and afford["monthly"]["insurance"] > 0
    assert afford["estimates"] == ["property_tax", "insurance"]
    check = await pool.call("mortgage_payment", {"price": afford["price"], "rate_percent": 6})
    assert check["monthly"]["total"] == pytest.approx(afford["monthly"]["total"], abs=1)


async def test_affordability_max_price_costs_the_budget(pool: ContainerPool) -> None:
    costs = {
        "rate_percent": 6.5,
        "property_tax_rate_percent": 1.8,
        "insurance_annual": 1500,
        "hoa_monthly": 100,
    }
    afford = await pool.call("mortgage_affordability", {"monthly_budget": 3000, **costs})
    assert afford["kind"] == "affordability" and afford["monthly_budget"] == 3000
    assert afford["monthly"]["total"] == pytest.approx(3000, abs=1)
    check = await pool.call("mortgage_payment", {"price": afford["price"], **costs})
    assert check["monthly"]["total"] <= 3000


@pytest.mark.parametrize(
    ("tool", "params", "message"),
    [
        ("mortgage_payment", {"rate_percent": 6}, "'price' is required"),
        ("mortgage_payment", {"price": "lots", "rate_percent": 6}, "'price' must be a number"),
        ("mortgage_payment", {"price": 300_000, "rate_percent": 45}, "between 0 and 30"),
        (
            "mortgage_payment",
            {"price": 300_000, "rate_percent": 6, "down_payment": 1, "down_payment_percent": 5},
            "not both",
        ),
        ("mortgage_payment", {"price": 300_000, "rate_percent": 6, "zip": 1}, "unknown parameter"),
        (
            "mortgage_affordability",
            {"monthly_budget": 100, "rate_percent": 6, "hoa_monthly": 200},
            "does not cover insurance and HOA",
        ),
    ],
)
async def test_bad_parameters_are_400_with_actionable_text(
    pool: ContainerPool, tool: str, params: dict[str, object], message: str
) -> None:
    with pytest.raises(SkillCallError, match=r"\(400\)") as info:
        await pool.call(tool, params)
    assert message in str(info.value)


async def test_registry_loads_it_beside_python_skills(free_port_base: int) -> None:
    registry = SkillRegistry(
        MORTGAGE_DIR.parent,
        ProcessBackend,
        PortAllocator(free_port_base),
        only={"mortgage", "current_time"},
    )
    await registry.start()
    try:
        assert registry.names == ["current_time", "mortgage"]
        assert registry.skill_for("mortgage_affordability") == "mortgage"
        result = await registry.dispatch("mortgage_payment", {"price": 1e5, "rate_percent": 5})
        assert result["loan_amount"] == 80_000
    finally:
        await registry.close()


async def test_closing_right_after_a_call_leaves_no_worker_behind(free_port_base: int) -> None:
    """The used worker (node, a new one per call) is being replaced when the pool closes: it is
    still destroyed whole, scratch folder and all (it was left behind, one per call)."""
    scratch = Path(tempfile.gettempdir())
    before = set(scratch.glob("propsearch-mortgage-*"))
    pool = ContainerPool(load_skill(MORTGAGE_DIR), ProcessBackend(), PortAllocator(free_port_base))
    await pool.start()
    try:
        await pool.call("mortgage_affordability", {"monthly_budget": 3000, "rate_percent": 6})
    finally:
        await pool.close()
    assert set(scratch.glob("propsearch-mortgage-*")) - before == set()
