// fails: run
// No i < n guard: the last block's threads past n read past the fourth row and write past out.
__global__ void four_rows(const int* a, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = a[i] + a[n + i] + a[2 * n + i] + a[3 * n + i];
}
