// fails: mask
// The vote sits inside the i < n guard: in the last warp only some lanes call it, yet the
// mask names all 32.
__global__ void count_positive(const int* in, int* count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned votes = __ballot_sync(0xffffffff, in[i] > 0);
        if (threadIdx.x % 32 == 0) {
            atomicAdd(&count[0], __popc(votes));
        }
    }
}
