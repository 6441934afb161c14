"""O que a inspeção produz: a avaliação das constatações e, registrada, os processos abertos."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from pydantic import Field

from farol.services.resultados.base import Resultado
from farol.services.resultados.cadastro_da_inspecao import (
    DiferencaSemSinal,
    DivergenciaDoCadastro,
    FotoDaInspecao,
    PosicaoDaInspecao,
)


class CitacaoDaNorma(Resultado):
    """Trecho citado: a norma (chave do registro), o dispositivo e o texto literal."""

    norma: str
    dispositivo: str
    texto: str


class LacunaNoTexto(Resultado):
    """O texto de referência da norma acaba antes de dizer a medida para a infração.

    Distinto de "nenhuma medida" (`medidas` vazia e `lacuna` nula), que é resposta afirmativa da
    norma: aqui a norma diz algo que o Farol não tem; o Inspetor Naval confere no texto integral.
    """

    infracao: str
    referencia: str = Field(description="onde o texto da norma para (a referência da citação)")
    citacao: CitacaoDaNorma
    texto: str = Field(description="o que falta no texto de referência")


class MedidasACriterio(Resultado):
    """Antes da tabela por infração (NORMAM de 2023), as medidas ficam a critério da
    autoridade (NORMAM-07 item 0307): o Farol não sugere medida e diz por quê."""

    infracao: str
    texto: str
    fundamentos: list[str]


class ConstatacaoAvaliada(Resultado):
    """Uma constatação: a infração que se aplica, as medidas liminares e quem notificar."""

    infracao: str
    infracao_aplicavel: str
    descricao: str
    penalidade: str
    fundamento: str
    medidas: list[str]
    medidas_dispensadas: list[str]
    notificar: list[str] = Field(
        description="os papéis (condutor, proprietario) que respondem por esta constatação"
    )
    fundamentos_autoria: list[str] = Field(
        default_factory=list,
        description="por que esses respondem: as citações da autoria da infração",
    )
    documentos: list[str]
    ordens_estrangeira: list[str]
    lacuna: LacunaNoTexto | None = Field(
        default=None, description="texto da norma interrompido para esta infração (ou nulo)"
    )
    medidas_a_criterio: MedidasACriterio | None = Field(
        default=None,
        description="inspeção anterior à tabela de medidas por infração: as medidas são "
        "escolha da autoridade (ou nulo)",
    )
    fundamentos: list[str]


class AvaliacaoDaInspecao(Resultado):
    """A avaliação sem gravar nada (POST /inspecoes/avaliar)."""

    constatacoes: list[ConstatacaoAvaliada]
    medidas: list[str]
    notificar: list[str]
    lacunas: list[LacunaNoTexto] = Field(
        default_factory=list, description="as lacunas do texto da norma nas constatações"
    )


class InfracaoImputada(Resultado):
    """Uma infração da pessoa notificada: o tipo de autor em que responde e por quê."""

    infracao: str
    autor_tipo: str
    fundamentos: list[str]


class ProcessoAberto(Resultado):
    """O processo que a Notificação para Comparecimento abriu para uma pessoa."""

    id: int
    numero: str
    autuado_id: int
    autuado: str
    documento: str
    papel: str = Field(description="quem responde: condutor, proprietário ...")
    papeis: list[str] = Field(
        default_factory=list,
        description="todos os papéis da pessoa na inspeção (condutor e proprietário, se é a mesma)",
    )
    infracoes: list[str] = Field(description="só as infrações que são desta pessoa")
    autoria: list[InfracaoImputada] = Field(
        default_factory=list, description="cada infração com o tipo de autor e os fundamentos"
    )
    comparecimento_ate: dt.date | None
    notificacao: str | None = Field(
        default=None,
        description="o número da Notificação para Comparecimento desta pessoa (o do PDF)",
    )


class EmbarcacaoInspecionada(Resultado):
    """A embarcação como ficou gravada na inspeção (a do cadastro, se a inscrição já existia):
    o que os processos e as Notificações trazem. O que não foi informado vem nulo."""

    id: int
    inscricao: str
    nome: str
    tipo: str | None = None
    propulsao: str | None = None
    comprimento: Decimal | None = Field(default=None, description="em metros")
    estrangeira: bool = False


class InspecaoRegistrada(Resultado):
    """A inspeção gravada (POST /inspecoes): a avaliação e os processos abertos."""

    inspecao_id: int
    embarcacao: EmbarcacaoInspecionada | None = Field(
        default=None, description="a embarcação gravada (a dos processos abertos)"
    )
    constatacoes: list[ConstatacaoAvaliada]
    medidas: list[str]
    notificar: list[str]
    lacunas: list[LacunaNoTexto] = Field(
        default_factory=list, description="as lacunas do texto da norma nas constatações"
    )
    processos: list[ProcessoAberto]
    fotos: list[FotoDaInspecao] = Field(
        default_factory=list, description="as fotos gravadas com a inspeção (sem o conteúdo)"
    )
    localizacao: PosicaoDaInspecao | None = Field(
        default=None, description="a posição do GPS do celular, se informada"
    )
    divergencias: list[DivergenciaDoCadastro] = Field(
        default_factory=list,
        description="o que o inspetor informou diferente do cadastro (a inspeção fica como foi "
        "digitada; o cadastro não muda)",
    )
    diferencas_sem_sinal: list[DiferencaSemSinal] = Field(
        default_factory=list,
        description="onde a decisão tomada no aparelho sem sinal (versão dos dados, medidas) "
        "difere da do servidor ao receber a inspeção; a inspeção fica com a do servidor",
    )
