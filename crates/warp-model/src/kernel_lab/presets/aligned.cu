__global__ void aligned(float* out) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if ((idx / 32) % 2 == 0) {
        work(10);   // X
    } else {
        work(14);   // Y
    }
}
