// stars: 1
// Straight into bins: one global atomic per element. Right, but a warp's 32 values land in
// up to 8 segments of bins, a transaction each, and every block queues on the same words.
__global__ void histogram(const int* in, int* bins, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(&bins[in[i]], 1);
    }
}
