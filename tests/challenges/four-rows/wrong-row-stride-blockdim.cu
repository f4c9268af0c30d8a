// fails: run
// Steps between rows by blockDim.x instead of n: with n = 1, a[128] is past its 4 elements.
__global__ void four_rows(const int* a, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int s = blockDim.x;
        out[i] = a[i] + a[i + s] + a[i + 2 * s] + a[i + 3 * s];
    }
}
