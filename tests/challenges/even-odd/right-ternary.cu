// stars: 3
// A ternary instead of an if: one store, the value chosen per lane (a select, not a
// branch: no warp splits).
__global__ void even_odd(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    out[i] = (i & 1) == 0 ? 3 * v : v - 1;
}
