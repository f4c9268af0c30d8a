// fails: run
// Warps in pairs, but each warp starts at warp * 32 instead of its pair's 64: the pairs
// overlap, and the last warp runs 32 elements past the end.
__global__ void even_odd(const int* in, int* out, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int warp = t / 32;
    int lane = t % 32;
    int i = warp * 32 + 2 * lane + warp % 2;
    if (warp % 2 == 0) {
        out[i] = 3 * in[i];
    } else {
        out[i] = in[i] - 1;
    }
}
