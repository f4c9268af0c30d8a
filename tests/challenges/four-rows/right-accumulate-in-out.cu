// stars: 1
// Adds into out[i] in global memory, row by row: a load and a store of out per row (more
// transactions than the reference) and a wait on each.
__global__ void four_rows(const int* a, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = a[i];
        out[i] += a[n + i];
        out[i] += a[2 * n + i];
        out[i] += a[3 * n + i];
    }
}
