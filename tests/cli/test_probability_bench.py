"""The probability benchmark runs at tiny sizes and prints its figures beside the machine (no timing asserted)."""

from __future__ import annotations

import json

from durak_lab.cli import probability_bench


def test_tiny_run_reports_every_measurement():
    r = probability_bench.run(positions=1, samples=30, seed=2, deal_posterior=False)
    assert [q["players"] for q in r["queries"]] == [2, 3, 4, 5, 6]
    for q in r["queries"]:
        for name in ("view", "build", *probability_bench.QUERIES):
            assert q[name]["median_ms"] >= 0 and q[name]["max_ms"] >= q[name]["median_ms"]
    assert r["sampled"]["samples"] == 30 and r["sampled"]["ess"] > 0
    assert {"python", "system", "cpu", "cores"} <= set(r["machine"])


def test_main_prints_text_and_json(capsys):
    assert probability_bench.main(["--positions", "1", "--samples", "20", "--no-deal"]) == 0
    out = capsys.readouterr().out
    assert "Python" in out and "exact queries on 36-card positions" in out and "sampled posterior" in out
    assert probability_bench.main(["--positions", "1", "--samples", "20", "--no-deal", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "deal_posterior" not in data and len(data["queries"]) == 5
    assert probability_bench.main(["--positions", "0"]) == 2
    assert probability_bench.main(["--bogus"]) == 2
