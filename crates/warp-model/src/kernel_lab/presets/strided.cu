__global__ void strided(float* a, const float* b) {
    int i = threadIdx.x;
    a[i] = b[i * 32];
}
