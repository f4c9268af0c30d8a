// A grid-stride loop works for any launch, this one included.
__global__ void add_ten(const int* in, int* out, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        out[i] = in[i] + 10;
    }
}
