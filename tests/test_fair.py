"""The fair stream matches the shared contract vectors (F1) bit for bit."""

import json
from pathlib import Path

import pytest

from moontable.fair import FairStream, commitment, die, shuffle

VECTORS = json.loads((Path(__file__).parent / "data" / "fairstream.json").read_text())


@pytest.mark.parametrize("vec", VECTORS, ids=lambda v: v["seed"][:8] + "-" + str(len(v["client_seeds"])))
def test_F1_stream_matches_vectors(vec):
    seed = bytes.fromhex(vec["seed"])
    assert commitment(seed) == vec["commitment"]
    stream = FairStream(seed, vec["client_seeds"])
    for n, want in vec["below"]:
        assert stream.below(n) == want
    assert [die(stream) for _ in range(10)] == vec["then_dice"]
    xs = list(range(20))
    shuffle(stream, xs)
    assert xs == vec["then_shuffle_0_to_19"]


def test_F1_stream_records_every_draw():
    stream = FairStream(bytes(32))
    stream.below(2)
    stream.below(1)
    stream.below(6)
    assert [n for n, _ in stream.draws] == [2, 1, 6]


def test_F1_client_seeds_change_the_stream():
    a = FairStream(bytes(32), ["a"])
    b = FairStream(bytes(32), ["b"])
    assert [a.below(1000) for _ in range(8)] != [b.below(1000) for _ in range(8)]


def test_F1_bad_seed_and_bound_are_refused():
    with pytest.raises(ValueError):
        FairStream(b"short")
    with pytest.raises(ValueError):
        FairStream(bytes(32)).below(0)
