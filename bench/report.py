"""results.json -> results.md: one markdown table per part (medians, p99, ratios, targets)."""

from __future__ import annotations

from typing import Any


def _ms(s: dict[str, Any] | None) -> str:
    if not s or s.get("median_ms") is None:
        return "n/a"
    return f"{s['median_ms']:.1f} / {s['p99_ms']:.1f}"


def _verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("met" if ok else "**missed**")


def _table(header: list[str], rows: list[list[Any]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return [*out, ""]


def _crashed(part: dict[str, Any]) -> list[str]:
    return [f"crashed: `{part['crashed']}`", ""]


def orchestration(r: dict[str, Any]) -> list[str]:
    out = ["## 1. Orchestration overhead per turn (offline model, warm process pools)", ""]
    if "crashed" in r:
        return out + _crashed(r)
    rows = [
        [
            v["variant"],
            _ms(v["turn"]),
            _ms(v["dispatch"]),
            _ms(v["overhead_excl_skill"]),
            _ms(v["to_stream_end"]),
        ]
        for v in r["variants"]
    ]
    out += _table(
        [
            "variant",
            "turn to `done` ms (median / p99)",
            "skill dispatch in turn",
            "overhead excl. skill",
            "to end of stream",
        ],
        rows,
    )
    q = r["ratios"]
    after = r["variants"][1]["overhead_excl_skill"]["median_ms"]
    out += _table(
        ["ratio", "value", "target"],
        [
            [
                "ours (after) / prebuilt, overhead median",
                q["ours_over_prebuilt_overhead_median"],
                "",
            ],
            _per_conversation(q.get("ours_over_prebuilt_per_conversation"), 1.3, "ours (after)"),
            _per_conversation(
                q.get("ours_no_memory_over_prebuilt_per_conversation"), 1.1, "ours without memory"
            ),
            _per_conversation(
                q.get("session_in_turn_over_prebuilt_per_conversation"),
                None,
                "ours, session file saved in the turn",
            ),
            [
                "session file saved in the turn / behind it, overhead median",
                q.get("session_in_turn_over_behind_overhead_median", "not measured"),
                "",
            ],
            [
                "ours (after) / hand loop, overhead median",
                q["ours_over_hand_loop_overhead_median"],
                "",
            ],
            [
                "ours without memory / prebuilt",
                q["ours_no_memory_over_prebuilt_overhead_median"],
                "",
            ],
            [
                "before / after (write-behind), overhead median",
                q["before_over_after_overhead_median"],
                "",
            ],
            ["before / after, overhead p99", q["before_over_after_overhead_p99"], ""],
            ["ours (after) overhead median, ms", after, f"< 20 ms: {_verdict(after < 20)}"],
        ],
    )
    return out


def _per_conversation(s: dict[str, Any] | None, target: float | None, ours: str) -> list[Any]:
    """A ratio to the prebuilt agent conversation by conversation (each pair ran back to
    back), against its target for the median (issue 48)."""
    label = f"{ours} / prebuilt, per conversation: median (min-max, IQR)"
    if not s:
        return [label, "not measured", ""]
    low, high = s["iqr"]
    verdict = f"<= {target}: {_verdict(s['median'] <= target)}" if target else ""
    return [label, f"{s['median']} ({s['min']}-{s['max']}, {low}-{high})", verdict]


def dispatch(r: dict[str, Any]) -> list[str]:
    out = ["## 2. Skill dispatch: warm pooled call vs a worker per call", ""]
    if "crashed" in r:
        return out + _crashed(r)
    rows = []
    for skill, s in r["process"].items():
        warm = s["warm_pooled_call"]["median_ms"]
        rows.append(
            [
                f"process: {skill}",
                _ms(s["warm_pooled_call"]),
                _ms(s["worker_per_call"]),
                s["ratio_cold_over_warm"],
                f"warm < 3 ms: {_verdict(warm < 3)}",
            ]
        )
    docker = r.get("docker", {})
    if "skipped" in docker:
        rows.append(["docker", "skipped", docker["skipped"], "", ""])
    else:
        warm = docker["warm_execute"]["median_ms"]
        rows.append(
            [
                f"docker: {docker['skill']}",
                _ms(docker["warm_execute"]),
                _ms(docker["container_start_to_ready"]),
                docker["ratio_cold_over_warm"],
                f"warm < 3 ms: {_verdict(warm < 3)}",
            ]
        )
    out += _table(
        ["backend: skill", "warm call ms (median / p99)", "worker per call", "ratio", "target"],
        rows,
    )
    out += ["", "Warm call by isolation (process backend; fork is the default):", ""]
    iso_rows = [
        [
            skill,
            *(_ms(s["warm_by_isolation"][m]) for m in ("fork", "restart", "reuse")),
            f"{s['fork_overhead_over_reuse_ms']} ms "
            f"({_verdict(s['fork_overhead_over_reuse_ms'] <= 2)} <= 2 ms)",
        ]
        for skill, s in r["process"].items()
        if "warm_by_isolation" in s
    ]
    return out + _table(
        ["skill", "fork", "restart", "reuse one worker", "fork overhead over reuse"], iso_rows
    )


def api(r: dict[str, Any]) -> list[str]:
    out = ["## 3. API under load (uvicorn api:app, SSE streams) and 6. start-up", ""]
    if "crashed" in r:
        return out + _crashed(r)
    if "fork" not in r:
        return out + api_level_tables(r)
    out += ["Fork-server workers over restart-per-call workers, same load, same run:", ""]
    out += _table(
        ["streams", "turns/s ratio (target >= 3)", "CPU s/turn ratio (target <= 0.33)", "done p50"],
        [
            [x["streams"], x["turns_per_s"], x["cpu_s_per_turn"], x["done_p50"]]
            for x in r["fork_over_restart"]
        ],
    )
    for mode in ("fork", "restart"):
        out += ["", f"### isolation: {mode}", "", *api_level_tables(r[mode])]
    return out


def api_level_tables(r: dict[str, Any]) -> list[str]:
    out: list[str] = []
    s = r["startup"]
    out += _table(
        ["start-up", "seconds"],
        [
            ["launch -> /health 200", s["launch_to_healthy_s"]],
            ["launch -> first successful chat turn", s["launch_to_first_chat_turn_s"]],
            ["first turn alone", s["first_turn_s"]],
        ],
    )
    rows = [
        [
            lv["streams"],
            lv["turns"],
            lv["turns_per_s"],
            lv["errors"],
            _ms(lv["first_event"]),
            _ms(lv["first_content"]),
            _ms(lv["done"]),
            lv["cpu_s_per_turn_server_and_workers"],
            lv.get("cpu_s_per_turn_server_only", "n/a"),
            lv["cpu_utilisation_of_machine"],
            lv["real_estate_pool_empty_fraction"],
            lv["server_peak_rss_mb"],
            _tokens(lv.get("tokens_per_turn")),
        ]
        for lv in r["levels"]
    ]
    out += _table(
        [
            "streams",
            "turns",
            "turns/s",
            "errors (target 0)",
            "first event ms",
            "first token/data ms",
            "done ms",
            "CPU s/turn (server+workers)",
            "of which server",
            "machine CPU used",
            "pool empty (samples)",
            "server peak RSS MB",
            "tokens/turn prompt/completion",
        ],
        rows,
    )
    for lv in r["levels"]:
        if lv["error_kinds"]:
            out.append(f"- {lv['streams']} streams, errors: {lv['error_kinds']}")
    return [*out, ""]


def _tokens(usage: dict[str, int] | None) -> str:
    """Mean prompt/completion tokens of a turn; the offline model reports none."""
    return f"{usage['prompt_tokens']}/{usage['completion_tokens']}" if usage else "n/a"


def memory(r: dict[str, Any]) -> list[str]:
    out = ["## 4. Memory", ""]
    if "crashed" in r:
        return out + _crashed(r)
    rows = [
        ["embed one chat message", _ms(r["embed_one_message"])],
        ["embed one episode (256 tokens)", _ms(r["embed_one_episode_256_tokens"])],
    ]
    for key, v in r.items():
        if key.startswith("items_"):
            n = key.removeprefix("items_")
            rows.append([f"L3 query @ {n} items", _ms(v["l3_query"])])
            rows.append(
                [
                    f"L2 query @ {n} items, all in the queried session (worst case)",
                    _ms(v["l2_query"]),
                ]
            )
            if "l2_query_100_sessions" in v:
                rows.append(
                    [
                        f"L2 query @ {n} items over 100 sessions (one session queried)",
                        _ms(v["l2_query_100_sessions"]),
                    ]
                )
    for key in ("preferences_load_20", "preferences_render_20", "preferences_upsert"):
        rows.append([key.replace("_", " "), _ms(r[key])])
    return out + _table(["operation", "ms (median / p99)"], rows)


def search(r: dict[str, Any]) -> list[str]:
    out = ["## 5. search_properties in-process", ""]
    if "crashed" in r:
        return out + _crashed(r)
    return out + _table(
        ["dataset", "rows", "warm-up s", "search ms (median / p99)", "ratio to 1x"],
        [
            ["Austin (real)", r["rows"], r["warm_up_s"], _ms(r["full_dataset"]), 1.0],
            [
                "10x SYNTHETIC (replicated, offset zpids)",
                r["synthetic_rows"],
                r["warm_up_10x_s"],
                _ms(r["synthetic_10x"]),
                r["ratio_10x_over_1x_median"],
            ],
        ],
    )


def matching(r: dict[str, Any]) -> list[str]:
    out = ["## 5b. Matching saved searches against a listing update (in-process)", ""]
    if "crashed" in r:
        return out + _crashed(r)
    out += [
        f"{r['searches']:,} saved searches and {r['watches']:,} watches of {r['users']:,} users "
        f"(SYNTHETIC, seeded from the Austin rows); load average {r['loadavg_1m_at_start']} at "
        f"start, {r['loadavg_1m_at_end']} at end.",
        "",
    ]
    rows = [[u["changes"], _ms(u["seconds"]), u["summary"]["alerts"]] for u in r["updates"]]
    return out + _table(["changes in the update", "ms (median / p99)", "alerts"], rows)


def relevance(r: dict[str, Any]) -> list[str]:
    out = ["## 6. Search relevance (bench/relevance: labelled queries, precision@10)", ""]
    if "crashed" in r:
        return out + _crashed(r)
    pool = r["pool_feature_precision"]
    out += _table(
        ["measure", "value"],
        [
            [f"precision@10, all {r['queries']} queries", r["precision_at_10"]],
            *[[f"precision@10, {kind}", value] for kind, value in r["by_kind"].items()],
            [
                "feature 'pool' precision (hand-judged sample)",
                f"{pool['precision']} ({pool['still_flagged']} of {pool['judged']} judged homes)",
            ],
        ],
    )
    return out + _table(
        ["query", "kind", "precision@10", "relevant in data"],
        [
            [q["text"], q["kind"], q["precision_at_10"], q["relevant_in_data"]]
            for q in r["per_query"]
        ],
    )


def web(r: dict[str, Any]) -> list[str]:
    out = ["## 7. Web UI", ""]
    if "crashed" in r:
        return out + _crashed(r)
    if "skipped" in r:
        return [*out, f"Skipped: {r['skipped']}", ""]
    b, p = r["bundle"], r["paint"]
    paint = (
        f"{p['first_contentful_paint_ms_median']} ms median over {p['loads']} loads "
        f"(max {p['first_contentful_paint_ms_max']})"
        if "loads" in p
        else f"skipped: {p['skipped']}"
    )
    return out + _table(
        ["measure", "value"],
        [
            [
                "JS gzipped",
                f"{b['js_gzip_kb']} KB (budget {b['js_budget_kb']} KB: "
                f"{_verdict(b['within_budget'])})",
            ],
            ["CSS gzipped", f"{b['css_gzip_kb']} KB"],
            ["first contentful paint of /", paint],
        ],
    )


def reach(r: dict[str, Any]) -> list[str]:
    out = ["## 8. Other entry points: OpenAI-compatible API and MCP", ""]
    if "crashed" in r:
        return out + _crashed(r)
    m, ratio = r["median_ms"], r["ratio_to_chat_stream"]
    rows = [
        ["a turn through /chat/stream (the web UI's)", m["chat_stream"], "1.00"],
        ["the same turn, /v1/chat/completions", m["openai_whole"], ratio["openai_whole"]],
        [
            "the same turn, /v1/chat/completions streamed",
            m["openai_stream"],
            ratio["openai_stream"],
        ],
        ["the same turn, MCP ask_propsearch", m["mcp_ask"], ratio["mcp_ask"]],
        ["a search through POST /tools/search_properties", m["tools_post"], "1.00"],
        ["the same search, MCP tools/call", m["mcp_tool"], r["mcp_tool_ratio_to_tools_post"]],
        ["MCP client connect (discover or initialize)", m["mcp_connect"], ""],
    ]
    return [
        *out,
        f"Medians of {r['rounds']} interleaved rounds on one server (offline model); each "
        "ratio is to the first row of its group.",
        "",
        *_table(["path", "median ms", "ratio"], rows),
    ]


def runs(r: dict[str, Any]) -> list[str]:
    out = ["## 9. Turns as runs (a task of their own, numbered events, followers)", ""]
    if "crashed" in r:
        return out + _crashed(r)
    t, e, f = r["turn_median_ms"], r["per_event"], r["fan_out"]
    return [
        *out,
        f"Medians of {r['rounds']} interleaved turns of the real graph (offline model), and a "
        "synthetic turn of 2,001 events for the cost per event; one process.",
        "",
        *_table(
            ["measure", "as a request read it", "as a run", "ratio"],
            [
                ["a whole turn, ms", t["request"], t["run"], r["turn_ratio_run_to_request"]],
                ["per event, µs", e["direct_us"], e["run_us"], r["per_event_ratio"]],
            ],
        ),
        f"One run fanned out to {f['followers']} followers at once: {f['events_per_s']:,} "
        f"events/s delivered ({f['delivered']:,} deliveries).",
        "",
    ]


def tracing(r: dict[str, Any]) -> list[str]:
    out = ["## 10. The cost of tracing (OpenTelemetry spans of every turn)", ""]
    if "crashed" in r:
        return out + _crashed(r)
    rate, ms = r["turns_per_s"], r["turn_ms"]
    turn, through = r["per_turn_ratio_on_to_off"], r["throughput_ratio_off_to_on"]
    return [
        *out,
        f"The same conversations through the real graph (offline model, real skills, the run "
        "span a server run gets) in two processes, one untraced and one traced and exported over "
        f"OTLP/HTTP to a local sink, taking turns for {r['rounds']} rounds (off-on, on-off, …) of "
        f"{r['turns'] // max(r['rounds'], 1)} turns each. The sink received "
        f"{r['otlp_bytes_received']:,} bytes.",
        "",
        *_table(
            ["measure", "tracing off", "tracing on"],
            [
                ["turns/s (median of rounds)", rate["off"], rate["on"]],
                ["per-turn median, ms", ms["off"]["median_ms"], ms["on"]["median_ms"]],
                ["per-turn p99, ms", ms["off"]["p99_ms"], ms["on"]["p99_ms"]],
            ],
        ),
        f"Cost of tracing: {r['cost_pct']} % on the per-turn median (the aim is under 5 %): "
        f"ratio on/off {turn['median']} (rounds from {turn['min']} to {turn['max']}, "
        f"interquartile {turn['iqr'][0]} to {turn['iqr'][1]}); turns/s off/on "
        f"{through['median']} (from {through['min']} to {through['max']}); every turn's median "
        f"on/off {r['pooled_median_ratio_on_to_off']}.",
        f"Load: `{r['uptime_before']}` before, `{r['uptime_after']}` after.",
        "",
    ]


def understanding_lines(r: dict[str, Any]) -> list[str]:
    from bench.understanding import report_lines

    return report_lines(r)


def markdown(results: dict[str, Any]) -> str:
    from bench.auth import report as auth_report

    m = results["machine"]
    out = [
        f"# PropSearch benchmarks ({results['mode']}, {results['date']})",
        "",
        f"Python {m['python']}, {m['cpus']} CPUs, load average at start "
        f"{m['loadavg_at_start'][0]:.2f}, at end {m['loadavg_at_end'][0]:.2f} (a shared machine: "
        "compare ratios measured in this run, not absolute numbers across runs).",
        f"Seconds per part: {results['seconds']}.",
        "",
    ]
    for name, render in (
        ("orchestration", orchestration),
        ("dispatch", dispatch),
        ("api", api),
        ("memory", memory),
        ("search", search),
        ("matching", matching),
        ("relevance", relevance),
        ("web", web),
        ("reach", reach),
        ("runs", runs),
        ("tracing", tracing),
        ("understanding", understanding_lines),
        ("auth", auth_report),
    ):
        if name in results:
            out += render(results[name])
    if results.get("crashed"):
        out.append(f"**Crashed parts: {', '.join(results['crashed'])}**")
    return "\n".join(out) + "\n"
