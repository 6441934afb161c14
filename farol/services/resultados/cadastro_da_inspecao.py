"""O que a inspeção guarda além das constatações: fotos, posição do GPS, diferenças entre o que o
inspetor informou e o cadastro; e o cadastro de uma embarcação pela inscrição."""

from __future__ import annotations

from decimal import Decimal

from pydantic import Field

from farol.services.resultados.base import Instante, Resultado


class FotoDaInspecao(Resultado):
    """Uma foto gravada com a inspeção (sem o conteúdo: `GET .../fotos/{id}` o serve)."""

    id: int
    inspecao_id: int
    nome_arquivo: str
    tipo_mime: str = Field(description="image/jpeg, image/png ou image/webp (pelo conteúdo)")
    sha256: str
    tamanho: int = Field(description="bytes")
    tamanho_texto: str = Field(description='o tamanho para ler ("245 KiB")')
    descricao: str | None
    tirada_em: Instante = Field(
        description="quando foi tirada: o instante informado pelo aparelho ou, sem ele, o da "
        "inspeção"
    )
    tirada_em_informada: bool = Field(description="se `tirada_em` veio do aparelho")
    recebida_em: Instante


class PosicaoDaInspecao(Resultado):
    """Onde a inspeção foi feita, pelo GPS do celular (graus decimais) e a precisão dele."""

    latitude: Decimal
    longitude: Decimal
    precisao_m: int | None = Field(description="precisão informada pelo aparelho, em metros")


class DivergenciaDoCadastro(Resultado):
    """Um dado informado diferente do cadastro, pelo inspetor na inspeção ou por quem abre um
    procedimento sem ela: o cadastro não muda, e a diferença fica gravada (na inspeção ou no
    processo) e aparece no resultado e na página do processo."""

    campo: str = Field(
        description="o campo do formulário (embarcacao.nome, proprietario, investigado.endereco "
        "...)"
    )
    rotulo: str
    cadastro: str = Field(description='o que o cadastro tinha ("não informado" se nada)')
    informado: str = Field(description="o que foi informado")


class DiferencaSemSinal(Resultado):
    """A decisão tomada no aparelho, sem sinal, difere da do servidor ao receber a inspeção:
    a inspeção fica registrada com a decisão do servidor, e a diferença aparece para o
    inspetor (fila do aparelho) e no processo para a autoridade."""

    campo: str = Field(description="versao_dos_dados ou medidas")
    rotulo: str
    no_aparelho: str = Field(description="o que o aparelho usou ou calculou sem sinal")
    no_servidor: str = Field(description="o que o servidor usou ou decidiu ao receber")


class ProprietarioCadastrado(Resultado):
    documento: str = Field(description="CPF ou CNPJ formatado")
    nome: str


class EmbarcacaoCadastrada(Resultado):
    """A embarcação do cadastro (nacional) com a inscrição; o proprietário só para os papéis
    com `ve_dados_pessoais` (cada leitura fica no registro de acesso a dados pessoais)."""

    inscricao: str
    nome: str
    tipo: str | None
    propulsao: str | None
    comprimento: Decimal | None = Field(description="em metros; nulo se não informado")
    estrangeira: bool
    proprietario: ProprietarioCadastrado | None = Field(
        description="nulo para quem não tem a permissão `ve_dados_pessoais`"
    )
