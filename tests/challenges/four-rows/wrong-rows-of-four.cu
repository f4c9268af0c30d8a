// fails: wrong
// Reads a as n rows of four (a[4i .. 4i + 3]) instead of four rows of n.
__global__ void four_rows(const int* a, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = a[4 * i] + a[4 * i + 1] + a[4 * i + 2] + a[4 * i + 3];
    }
}
