// stars: 3
// All four loads first, then the sum in two halves: the loads still wait for nothing.
__global__ void four_rows(const int* a, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) {
        return;
    }
    int top = a[i];
    int second = a[i + n];
    int third = a[i + 2 * n];
    int bottom = a[i + 3 * n];
    int upper = top + second;
    int lower = third + bottom;
    out[i] = upper + lower;
}
