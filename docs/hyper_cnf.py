# CNF (DIMACS) of an empty k²×k² hyper sudoku with windows one cell in from each box edge,
# as sudoscope defines them; `python3 docs/hyper_cnf.py 4 > hyper16.cnf && cadical -q hyper16.cnf`.
# Used to find the stored seed grids of src/generate/seeds.rs (see docs/generator.md).
import sys
k=int(sys.argv[1]); n=k*k
def v(r,c,d): return (r*n+c)*n+d+1
cl=[]
houses=[]
for r in range(n): houses.append([(r,c) for c in range(n)])
for c in range(n): houses.append([(r,c) for r in range(n)])
for br in range(k):
  for bc in range(k): houses.append([(br*k+i,bc*k+j) for i in range(k) for j in range(k)])
for wr in range(k-1):
  for wc in range(k-1):
    r0=1+wr*(k+1); c0=1+wc*(k+1)
    houses.append([(r0+i,c0+j) for i in range(k) for j in range(k)])
for r in range(n):
  for c in range(n):
    cl.append([v(r,c,d) for d in range(n)])
    for d in range(n):
      for e in range(d+1,n): cl.append([-v(r,c,d),-v(r,c,e)])
for h in houses:
  for d in range(n):
    cl.append([v(r,c,d) for r,c in h])
    for i in range(len(h)):
      for j in range(i+1,len(h)):
        cl.append([-v(*h[i],d),-v(*h[j],d)])
# symmetry breaking: first row = 1..n
for c in range(n): cl.append([v(0,c,c)])
print("p cnf",n*n*n,len(cl))
for x in cl: print(" ".join(map(str,x)),0)
