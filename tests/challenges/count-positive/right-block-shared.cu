// Each warp votes and counts its bits; the warps' counts meet in one shared word, and one
// thread per block adds the block's count.
__global__ void count_positive(const int* in, int* count, int n) {
    __shared__ int block_count[1];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    if (t == 0) {
        block_count[0] = 0;
    }
    __syncthreads();
    unsigned votes = __ballot_sync(0xffffffff, i < n ? in[i] > 0 : false);
    if (t % 32 == 0) {
        atomicAdd(&block_count[0], __popc(votes));
    }
    __syncthreads();
    if (t == 0) {
        atomicAdd(&count[0], block_count[0]);
    }
}
