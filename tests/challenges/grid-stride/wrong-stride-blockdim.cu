// fails: race
// Steps by blockDim.x only: both blocks walk the same elements, so past the first 64 every
// element is added twice (block 1 starts at 64 and then meets block 0's path).
__global__ void grid_stride(const int* in, int* out, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x) {
        out[i] += in[i];
    }
}
