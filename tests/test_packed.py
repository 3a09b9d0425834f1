"""Packed vectors (pulka.replay.packed): whole numbers added up field by field inside one integer,
negative ones and ones near the bound included."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pulka.replay.packed import SMALL, pack, packable, unpack

amounts = st.integers(min_value=-SMALL + 1, max_value=SMALL - 1)
vectors = st.lists(st.dictionaries(st.integers(0, 11), amounts, max_size=12), max_size=40)


@given(vectors, st.lists(st.integers(1, 1 << 20), min_size=40, max_size=40))
def test_a_sum_of_packed_vectors_unpacks_to_the_sums_of_their_fields(found, times):
    expected = [0] * 12
    total = 0
    for vector, time in zip(found, times, strict=False):
        for field, amount in vector.items():
            expected[field] += amount * time
        total += pack(vector.items()) * time
    got = [0] * 12
    unpack(total, got)
    assert got == expected


def test_the_extremes_and_a_field_left_empty_between_two():
    got = [7, 0, 0, 0]
    unpack(pack([(0, -(SMALL - 1)), (3, SMALL - 1)]) * (1 << 25), got)
    assert got == [7 - (SMALL - 1) * (1 << 25), 0, 0, (SMALL - 1) * (1 << 25)]
    got = [0, 0]
    unpack(pack([(0, -1), (1, -1)]) + pack([(0, 1)]), got)
    assert got == [0, -1]


def test_only_small_whole_numbers_are_packable():
    from fractions import Fraction

    assert packable(SMALL - 1) and packable(-(SMALL - 1)) and packable(0)
    assert not packable(SMALL) and not packable(-SMALL)
    assert not packable(Fraction(1, 2)) and not packable(Fraction(2, 1)) and not packable(True)
    assert not packable(1.0)
