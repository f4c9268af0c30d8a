// fails: wrong
// Sums three rows: the fourth (a[3 * n + i]) is left out.
__global__ void four_rows(const int* a, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int x0 = a[i];
        int x1 = a[n + i];
        int x2 = a[2 * n + i];
        int sum = x0 + x1 + x2;
        out[i] = sum;
    }
}
