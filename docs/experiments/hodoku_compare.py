"""HoDoKu's view of a sample of puzzles, for comparison with sudoscope's rating and hints.

Needs hodoku-py (a Python port of HoDoKu; not a dependency of sudoscope):

    python3 -m venv venv && ./venv/bin/pip install hodoku-py
    ./venv/bin/python docs/experiments/hodoku_compare.py   # writes hodoku_out.jsonl

For each sampled puzzle it records HoDoKu's level, score and the first step of its solution
path that is not a single. `HODOKU_OUT=hodoku_out.jsonl cargo test --release --test
logic_hodoku_compare -- --ignored --nocapture` then compares with our level and our path.
"""
import json, signal, sys, time
from hodoku import Solver
s = Solver()
def sample(path, every, limit):
    out = []
    for i, line in enumerate(open(path)):
        if i % every == 0 and line.strip():
            out.append(line.split()[0])
        if len(out) >= limit: break
    return out
D = "../shared/datasets/"
puzzles = [('krazydad', p) for p in sample(D+'krazydad_9x9_vol1-2_11200.txt', 112, 100)]
puzzles += [('sudoq', p) for p in sample(D+'sudoq_standard9x9_labeled.txt', 7, 40)]
puzzles += [('magictour', p) for p in sample(D+'magictour_top1465.txt', 146, 10)]
class TO(Exception): pass
def h(*a): raise TO()
signal.signal(signal.SIGALRM, h)
SINGLES = {'FULL_HOUSE', 'NAKED_SINGLE', 'HIDDEN_SINGLE'}
with open('hodoku_out.jsonl', 'w') as f:
    for src, p in puzzles:
        signal.alarm(30)
        try:
            t = time.time()
            r = s.solve(p)
            first = next((st.type.name for st in r.steps if st.type.name not in SINGLES), None)
            f.write(json.dumps({'src': src, 'puzzle': p, 'level': r.level.name, 'score': r.score,
                                'first': first, 'secs': round(time.time()-t, 2)}) + '\n')
        except TO:
            f.write(json.dumps({'src': src, 'puzzle': p, 'timeout': True}) + '\n')
        finally:
            signal.alarm(0)
        f.flush()
